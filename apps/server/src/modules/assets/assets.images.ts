import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Metadata } from "sharp";
import type { Db } from "../../db/client.ts";
import type { AssetImage } from "../../db/schema/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, rateLimited } from "../../lib/errors.ts";
import { DbThrottle } from "../../lib/throttle.ts";

/**
 * sharp (libvips, a native library) is loaded on the first image, not at start-up: most starts and
 * most requests never touch an image (issue 21 item 1).
 */
let sharpModule: Promise<typeof import("sharp")> | undefined;
export async function loadSharp(): Promise<typeof import("sharp").default> {
  sharpModule ??= import("sharp");
  return (await sharpModule).default;
}

/** Largest decoded image accepted (each). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * Decoded pixels: a phone photo is 12 MP (4000 x 3000), 24 MP at most in its
 * usual modes; the web client sends 1600 px (2.6 MP). Dimensions are read from
 * the image header before anything is decoded, so a tiny file announcing a
 * huge canvas (a 6 KB PNG of 7000 x 7000) costs nothing.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
/** All images of one request together (five raw 12 MP photos, or ten from the web). */
export const MAX_REQUEST_PIXELS = 60_000_000;
/**
 * Decoded bytes (issue 21): width × height × channels × bytes per sample, read from the header
 * like the pixels. 100 MB is a 25 MP RGBA photo at 8 bits per channel; a 16-bit or many-channel
 * image of the same size (two 25 MP 16-bit PNGs took 10,7 s and 278 MB) is refused before decoding.
 */
export const MAX_IMAGE_DECODED_BYTES = 100 * 1024 * 1024;
/** All images of one request together, decoded. */
export const MAX_REQUEST_DECODED_BYTES = 240 * 1024 * 1024;
const BYTES_PER_SAMPLE: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4 };
export const UPLOADS_URL_PREFIX = "/uploads/";

const ALLOWED: Record<string, (b: Buffer) => boolean> = {
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/jpg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/png": (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/webp": (b) =>
    b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  "image/gif": (b) => b.subarray(0, 4).toString("latin1") === "GIF8",
};

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i;

export interface DecodedImage {
  bytes: Buffer;
  mime: string;
}

/** Decodes and checks a data URL: a real image of an allowed type under the size cap. */
export function decodeImage(dataUrl: string, index: number): DecodedImage {
  const n = index + 1;
  const m = DATA_URL.exec(dataUrl);
  if (!m) throw badRequest(`La imagen ${n} no es válida: debe ser una imagen JPG, PNG, WEBP o GIF`);
  const mime = (m[1] ?? "").toLowerCase();
  const check = ALLOWED[mime];
  if (!check) throw badRequest(`La imagen ${n} tiene un formato no permitido: usa JPG, PNG, WEBP o GIF`);
  const b64 = (m[2] ?? "").replace(/\s/g, "");
  if ((b64.length * 3) / 4 > MAX_IMAGE_BYTES + 4) throw badRequest(`La imagen ${n} supera el tamaño máximo de 5 MB`);
  const bytes = Buffer.from(b64, "base64");
  if (bytes.length === 0 || !check(bytes)) throw badRequest(`La imagen ${n} está dañada o no es del tipo que indica`);
  return { bytes, mime };
}

/** Images one person may register per hour (ten full registrations); AppConfig.uploadImagesPerHour overrides. */
export const UPLOAD_IMAGES_PER_HOUR = 100;

/**
 * Uploads per user: at most UPLOAD_IMAGES_PER_HOUR images in a fixed hour
 * (429 with Retry-After beyond), counted in PostgreSQL so every server process
 * shares the quota. Taken before any image is decoded.
 */
export function createUploadQuota(db: Db, clock: Clock, perHour = UPLOAD_IMAGES_PER_HOUR) {
  const throttle = new DbThrottle(db, clock);
  return {
    async take(userId: string, images: number): Promise<void> {
      if (images === 0) return;
      const wait = await throttle.take(`upload:${userId}`, images, perHour, 3600_000);
      if (wait > 0) {
        const minutes = Math.max(1, Math.ceil(wait / 60_000));
        throw rateLimited(
          `Subiste demasiadas fotos en la última hora. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
          Math.ceil(wait / 1000),
        );
      }
    },
  };
}

const megapixels = (px: number) => `${Math.round(px / 100_000) / 10} megapíxeles`.replace(".", ",");

/**
 * Reads each image's dimensions from its header
 * only, and refuses one over MAX_IMAGE_PIXELS or MAX_IMAGE_DECODED_BYTES, or a set over
 * MAX_REQUEST_PIXELS or MAX_REQUEST_DECODED_BYTES, before any pixel is decoded.
 */
export async function checkImagePixels(images: DecodedImage[]): Promise<void> {
  const sharp = await loadSharp();
  let total = 0;
  let totalDecoded = 0;
  for (const [i, img] of images.entries()) {
    const n = i + 1;
    let meta: Metadata;
    try {
      meta = await sharp(img.bytes, { failOn: "error" }).metadata();
    } catch {
      throw badRequest(`La imagen ${n} está dañada o no es del tipo que indica`);
    }
    const { width, height } = meta;
    if (!width || !height) throw badRequest(`La imagen ${n} está dañada o no es del tipo que indica`);
    const pixels = width * height; // of the first frame: the only one decoded
    if (pixels > MAX_IMAGE_PIXELS) {
      throw badRequest(
        `La imagen ${n} es demasiado grande (${width} × ${height} píxeles): ` +
          `el máximo es ${megapixels(MAX_IMAGE_PIXELS)} por imagen`,
      );
    }
    // Unknown sample formats (double, complex) count as 8 bytes.
    const decoded = pixels * Math.max(1, meta.channels ?? 4) * (BYTES_PER_SAMPLE[meta.depth ?? ""] ?? 8);
    if (decoded > MAX_IMAGE_DECODED_BYTES) {
      throw badRequest(
        `La imagen ${n} ocupa demasiado al abrirla (${Math.round(decoded / 1024 / 1024)} MB; máximo ` +
          `${MAX_IMAGE_DECODED_BYTES / 1024 / 1024} MB por imagen): usa una foto de 8 bits por canal o más pequeña`,
      );
    }
    totalDecoded += decoded;
    if (totalDecoded > MAX_REQUEST_DECODED_BYTES) {
      throw badRequest(
        `Las imágenes ocupan demasiado al abrirlas: el máximo es ${MAX_REQUEST_DECODED_BYTES / 1024 / 1024} MB ` +
          "por registro. Usa fotos más pequeñas o menos fotos.",
      );
    }
    total += pixels;
    if (total > MAX_REQUEST_PIXELS) {
      throw badRequest(
        `Las imágenes suman demasiados píxeles: el máximo es ${megapixels(MAX_REQUEST_PIXELS)} por registro. ` +
          "Usa fotos más pequeñas o menos fotos.",
      );
    }
  }
}

/**
 * Stores each image as a WebP (max 1600 px) plus a 480 px thumbnail under
 * DATA_DIR/uploads/assets/<assetId>/, and returns their URLs.
 */
export async function storeAssetImages(
  dataDir: string,
  assetId: string,
  images: DecodedImage[],
): Promise<AssetImage[]> {
  if (images.length === 0) return [];
  await checkImagePixels(images);
  const sharp = await loadSharp();
  const dir = path.join(dataDir, "uploads", "assets", assetId);
  await mkdir(dir, { recursive: true });
  try {
    const out: AssetImage[] = [];
    for (const [i, img] of images.entries()) {
      // Only the first frame of an animation; limitInputPixels backs up checkImagePixels.
      const base = sharp(img.bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
      const [full, thumb] = await Promise.all([
        base
          .clone()
          .resize({ width: 1600, height: 1600, fit: "inside", withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer(),
        base.clone().resize({ width: 480, height: 480, fit: "cover" }).webp({ quality: 75 }).toBuffer(),
      ]);
      await writeFile(path.join(dir, `${i}.webp`), full);
      await writeFile(path.join(dir, `${i}-thumb.webp`), thumb);
      const url = `${UPLOADS_URL_PREFIX}assets/${assetId}/${i}.webp`;
      out.push({ url, thumbUrl: `${UPLOADS_URL_PREFIX}assets/${assetId}/${i}-thumb.webp` });
    }
    return out;
  } catch (e) {
    await removeAssetImages(dataDir, assetId);
    if ((e as { status?: number }).status) throw e;
    throw badRequest("Error al procesar imágenes");
  }
}

export async function removeAssetImages(dataDir: string, assetId: string): Promise<void> {
  await rm(path.join(dataDir, "uploads", "assets", assetId), { recursive: true, force: true });
}
