import { currentYearInColombia } from "@valoriza/domain";
import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";

export let t: TestContext;
export let dataDir: string;
export const YEAR = currentYearInColombia(new Date());

/** Starts the file's app (its images under `dataDir`) before its tests and closes it after them. */
export function useAssetsApp(): void {
  beforeAll(async () => {
    dataDir = `/tmp/vz-assets-test-${process.pid}`;
    t = await createTestApp({ dataDir });
  });
  afterAll(() => t.close());
}

export const good = (over: Record<string, unknown> = {}) => ({
  title: "Cámara Canon EOS",
  description: "Cámara réflex con lente 18-55",
  assetType: "bien",
  origin: "personal",
  category: "Tecnología",
  subcategory: "Cámaras",
  condition: "usado",
  physicalState: "bueno",
  yearOfPurchase: YEAR - 3,
  baseValueCOP: 2_000_000,
  location: "Chapinero",
  mainPurpose: "intercambiar",
  privacy: "publico",
  images: [],
  ...over,
});

export const post = (u: TestUser, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers: { ...u.auth, ...headers } });
export const put = (u: TestUser, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "PUT", url, headers: { ...u.auth, ...headers } });
export const saldo = async (u: TestUser) => {
  const r = await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth });
  const d = json(r).data;
  return { disponibles: d.creditosDisponibles as number, bloqueados: d.creditosBloqueados as number };
};

export async function png(color = "#118844"): Promise<string> {
  const b = await sharp({ create: { width: 32, height: 24, channels: 3, background: color } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${b.toString("base64")}`;
}
