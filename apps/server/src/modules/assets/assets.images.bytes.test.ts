/**
 * Image decoding bounded by bytes, not only pixels (issue 21): the header's width, height,
 * channels and sample size are checked before any pixel is decoded.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkImagePixels, MAX_IMAGE_DECODED_BYTES } from "./assets.images.ts";

const png = async (w: number, h: number, channels: 3 | 4, sixteenBits: boolean) => {
  let img = sharp({ create: { width: w, height: h, channels, background: "#4a7" } });
  if (sixteenBits) img = img.toColourspace("rgb16");
  return { bytes: await img.png({ compressionLevel: 1 }).toBuffer(), mime: "image/png" };
};

describe("image bytes", () => {
  it("a 20-megapixel 16-bit RGBA PNG (160 MB decoded) is refused from its header; the 8-bit one passes", async () => {
    const deep = await png(5000, 4000, 4, true);
    expect((await sharp(deep.bytes).metadata()).depth).toBe("ushort");
    const t0 = performance.now();
    await expect(checkImagePixels([deep])).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("La imagen 1 ocupa demasiado al abrirla (153 MB; máximo 100 MB por imagen)"),
    });
    expect(performance.now() - t0).toBeLessThan(1000); // nothing was decoded
    await expect(checkImagePixels([await png(5000, 4000, 4, false)])).resolves.toBeUndefined();
    expect(MAX_IMAGE_DECODED_BYTES).toBe(100 * 1024 * 1024);
  });

  it("several images that pass one by one are refused together beyond 240 MB decoded", async () => {
    const one = await png(4000, 3000, 4, true); // 12 MP × 8 bytes = 92 MB each
    await expect(checkImagePixels([one, one])).resolves.toBeUndefined();
    await expect(checkImagePixels([one, one, one])).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Las imágenes ocupan demasiado al abrirlas"),
    });
  });
});
