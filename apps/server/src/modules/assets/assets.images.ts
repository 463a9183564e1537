import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { AssetImage } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";

/** Largest decoded image accepted (each). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
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
  const dir = path.join(dataDir, "uploads", "assets", assetId);
  await mkdir(dir, { recursive: true });
  try {
    const out: AssetImage[] = [];
    for (const [i, img] of images.entries()) {
      const base = sharp(img.bytes, { failOn: "error", limitInputPixels: 50_000_000 }).rotate();
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
