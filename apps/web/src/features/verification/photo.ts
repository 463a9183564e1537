/** Longest side of the photos sent (the server keeps at most 2000 px; a document must stay legible). */
const MAX_SIDE = 2000;
const ACCEPTED = ["image/jpeg", "image/png", "image/webp", "image/gif"];

export class PhotoError extends Error {}

function surface(width: number, height: number): HTMLCanvasElement | OffscreenCanvas {
  // OffscreenCanvas encodes at once; Chromium runs a canvas element's toBlob in idle time.
  if (typeof OffscreenCanvas === "function") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(s: HTMLCanvasElement | OffscreenCanvas): Promise<Blob> {
  if ("convertToBlob" in s) return s.convertToBlob({ type: "image/jpeg", quality: 0.88 });
  return new Promise((resolve, reject) =>
    s.toBlob((b) => (b ? resolve(b) : reject(new PhotoError("No pudimos procesar la foto"))), "image/jpeg", 0.88),
  );
}

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new PhotoError("No pudimos leer la foto"));
    reader.readAsDataURL(blob);
  });
}

/** A phone photo as a JPEG data URL of at most 2000 px a side (a few hundred KB instead of several MB). */
export async function photoToDataUrl(file: File): Promise<string> {
  if (!ACCEPTED.includes(file.type)) throw new PhotoError(`"${file.name}" no es una imagen JPG, PNG, WEBP o GIF`);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoError(`No pudimos abrir "${file.name}". Prueba con otra foto.`);
  }
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const s = surface(width, height);
    const ctx = s.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!ctx) throw new PhotoError("No pudimos procesar la foto");
    ctx.drawImage(bitmap, 0, 0, width, height);
    return await toDataUrl(await encode(s));
  } finally {
    bitmap.close();
  }
}
