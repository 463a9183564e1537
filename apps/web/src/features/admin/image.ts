import { MAX_PRODUCT_IMAGE_CHARS } from "@valoriza/domain";

/** Reads an image file and re-encodes it as a JPEG data URL of at most 800 px a side (small enough for the API). */
export async function productImageFromFile(file: File): Promise<string> {
  if (!file.type.startsWith("image/")) throw new Error("Selecciona un archivo de imagen (JPG, PNG o WebP)");
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    for (const [side, quality] of [
      [800, 0.82],
      [600, 0.75],
      [400, 0.7],
    ] as const) {
      const scale = Math.min(1, side / Math.max(img.naturalWidth, img.naturalHeight));
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
      canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
      const ctx = canvas.getContext("2d");
      if (!ctx) break;
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      const data = canvas.toDataURL("image/jpeg", quality);
      if (data.length <= MAX_PRODUCT_IMAGE_CHARS) return data;
    }
    throw new Error("La imagen es demasiado grande");
  } finally {
    URL.revokeObjectURL(url);
  }
}
