import { ASSET_MSG, MAX_IMAGES } from "@valoriza/domain";

/** Types the server accepts (JPG, PNG, WEBP, GIF), each at most 5 MB once decoded. */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Photos are scaled down to this many pixels on their longest side before upload (the server keeps 1600). */
const MAX_SIDE = 1600;

export interface PickedImage {
  id: string;
  name: string;
  /** Object URL of the original file: instant preview while it is processed. */
  preview: string;
  status: "processing" | "ready" | "error";
  /** 0..1 while processing. */
  progress: number;
  /** The data URL sent to the server once ready. */
  dataUrl: string | null;
  error?: string;
}

export class ImageProcessingError extends Error {}

let sequence = 0;
export function newImageId(): string {
  sequence += 1;
  return `img-${Date.now().toString(36)}-${sequence}`;
}

/** How many of `incoming` still fit, given the photos already picked (max 10). */
export function remainingSlots(current: number): number {
  return Math.max(0, MAX_IMAGES - current);
}

export function isAcceptedImage(file: File): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
}

function loadImage(file: File): Promise<CanvasImageSource & { width: number; height: number; close?: () => void }> {
  if (typeof createImageBitmap === "function") {
    return createImageBitmap(file).catch(() => loadWithElement(file));
  }
  return loadWithElement(file);
}

function loadWithElement(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new ImageProcessingError(`No pudimos leer "${file.name}"`));
    };
    img.src = url;
  });
}

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new ImageProcessingError(ASSET_MSG.processImagesError))),
      type,
      quality,
    );
  });
}

/**
 * An OffscreenCanvas where the browser has one: its `convertToBlob` encodes right away, while Chromium
 * runs `HTMLCanvasElement.toBlob` in idle time, which a busy phone (or machine) may not have for a long
 * while. Older browsers get a canvas element.
 */
function drawingSurface(width: number, height: number): HTMLCanvasElement | OffscreenCanvas {
  if (typeof OffscreenCanvas === "function") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encodeJpeg(surface: HTMLCanvasElement | OffscreenCanvas, quality: number): Promise<Blob> {
  if ("convertToBlob" in surface) {
    return surface
      .convertToBlob({ type: "image/jpeg", quality })
      .catch(() => Promise.reject(new ImageProcessingError(ASSET_MSG.processImagesError)));
  }
  return canvasToBlob(surface, "image/jpeg", quality);
}

function blobToDataUrl(blob: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ImageProcessingError(ASSET_MSG.processImagesError));
    reader.readAsDataURL(blob);
  });
}

/**
 * One photo as a JPEG data URL of at most 1600 px and 5 MB: phone photos of several MB become a few
 * hundred KB, so the registration uploads fast. Reports progress 0..1.
 */
export async function processImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  if (!isAcceptedImage(file)) {
    throw new ImageProcessingError(`"${file.name}" no es una imagen JPG, PNG, WEBP o GIF`);
  }
  onProgress(0.1);
  const image = await loadImage(file);
  onProgress(0.45);
  const scale = Math.min(1, MAX_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const surface = drawingSurface(width, height);
  const context = surface.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) throw new ImageProcessingError(ASSET_MSG.processImagesError);
  // JPEG has no transparency: transparent PNG/GIF areas become white, not black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  image.close?.();
  onProgress(0.7);
  let blob = await encodeJpeg(surface, 0.85);
  if (blob.size > MAX_IMAGE_BYTES) blob = await encodeJpeg(surface, 0.6);
  if (blob.size > MAX_IMAGE_BYTES) throw new ImageProcessingError(`"${file.name}" supera el tamaño máximo de 5 MB`);
  const dataUrl = await blobToDataUrl(blob, (f) => onProgress(0.7 + f * 0.3));
  onProgress(1);
  return dataUrl;
}
