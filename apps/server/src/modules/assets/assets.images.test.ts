import { readdirSync } from "node:fs";
import path from "node:path";
import { currentYearInColombia } from "@valoriza/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";

let t: TestContext;
let u: TestUser;
const dataDir = `/tmp/vz-images-test-${process.pid}`;
beforeAll(async () => {
  t = await createTestApp({ dataDir });
  u = await signUp(t.app);
});
afterAll(() => t.close());

const form = (images: string[]) => ({
  title: "Bicicleta de ruta",
  description: "Marco de aluminio, talla M",
  assetType: "bien",
  origin: "personal",
  category: "Deportes",
  condition: "usado",
  physicalState: "bueno",
  yearOfPurchase: currentYearInColombia(new Date()) - 2,
  baseValueCOP: 1_500_000,
  mainPurpose: "intercambiar",
  privacy: "publico",
  images,
});
const register = (images: string[], who: TestUser = u) =>
  t.app.inject({ method: "POST", url: "/api/assets", payload: form(images), headers: who.auth });

/** A one-bit PNG: a few KB on the wire, `w x h` pixels once decoded. */
async function bitmapPng(w: number, h: number): Promise<string> {
  const b = await sharp({ create: { width: w, height: h, channels: 3, background: "#000" } })
    .png({ palette: true, colors: 2, compressionLevel: 9 })
    .toBuffer();
  return `data:image/png;base64,${b.toString("base64")}`;
}
const storedAssets = () => {
  try {
    return readdirSync(path.join(dataDir, "uploads", "assets"));
  } catch {
    return [];
  }
};

describe("image pixel caps (issue 6, defect 3)", () => {
  it("a 6 KB PNG announcing 7000 x 7000 pixels is refused from its header, fast, and nothing is stored", async () => {
    const huge = await bitmapPng(7000, 7000);
    expect(huge.length).toBeLessThan(20_000);
    const before = storedAssets().length;
    // CPU time of this process, not wall time: on a busy machine waiting for a core is not decoding.
    const started = process.cpuUsage();
    const res = await register([huge]);
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(
      "La imagen 1 es demasiado grande (7000 × 7000 píxeles): el máximo es 25 megapíxeles por imagen",
    );
    expect(ms).toBeLessThan(400); // decoding it took ~500 ms of CPU before the cap
    expect(storedAssets().length).toBe(before);
    const mine = await t.app.inject({ method: "GET", url: "/api/assets/mine", headers: u.auth });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(json(mine).data).toHaveLength(0);
  });

  it("ten images that are each allowed but together too many pixels are refused as a set", async () => {
    const big = await bitmapPng(4000, 3000); // 12 MP, a phone photo
    const res = await register(Array.from({ length: 6 }, () => big));
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/^Las imágenes suman demasiados píxeles: el máximo es 60 megapíxeles/);
  });

  it("a real phone-sized photo (12 MP) still goes through", async () => {
    const photo = await bitmapPng(4000, 3000);
    const res = await register([photo]);
    expect(res.statusCode).toBe(201);
  }, 20_000);
});

describe("upload quota per user (issue 6, defect 3)", () => {
  it("past the hourly image quota a user gets 429 with Retry-After; others are not affected; the hour resets it", async () => {
    const ctx = await createTestApp({ dataDir: `${dataDir}-quota`, uploadImagesPerHour: 4 });
    try {
      const small = `data:image/png;base64,${(
        await sharp({ create: { width: 32, height: 24, channels: 3, background: "#185" } })
          .png()
          .toBuffer()
      ).toString("base64")}`;
      const a = await signUp(ctx.app);
      const b = await signUp(ctx.app);
      const reg = (who: TestUser, n: number) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/assets",
          payload: form(Array.from({ length: n }, () => small)),
          headers: who.auth,
        });
      expect((await reg(a, 3)).statusCode).toBe(201);
      const over = await reg(a, 2);
      expect(over.statusCode).toBe(429);
      expect(json(over).message).toBe("Subiste demasiadas fotos en la última hora. Intenta de nuevo en 60 minutos.");
      expect(Number(over.headers["retry-after"])).toBeGreaterThan(3500);
      expect((await reg(a, 1)).statusCode).toBe(201); // exactly the quota
      expect((await reg(a, 0)).statusCode).toBe(201); // no images: not limited
      expect((await reg(b, 4)).statusCode).toBe(201);
      ctx.clock.advance(3600_000 + 1);
      expect((await reg(a, 2)).statusCode).toBe(201);
    } finally {
      await ctx.close();
    }
  }, 30_000);
});
