import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { type LatLng, privatePoint } from "@valoriza/domain";
import type { Executor } from "../../db/client.ts";
import type { BatchPart } from "../../lib/batch.ts";
import { assetLocationUpsertSql, upsertAssetLocation } from "./exchanges.repository.ts";

/**
 * Where assets are (deals.md "Location and privacy"; ADR 013). The server
 * keeps only a public point: the owner's chosen point moved ONCE by a stable
 * random offset of up to ~500 m, or else the centre of the owner's city from
 * the gazetteer of Colombian municipalities shipped by the `country-state-city`
 * package (its GeoNames-based city list, read as data, not typed by hand). The
 * exact point is never stored and never answered.
 */

interface Place {
  name: string;
  stateCode: string;
  lat: number;
  lng: number;
}

let gazetteer: Promise<{ cities: Place[]; states: Map<string, { name: string; lat: number; lng: number }> }> | null =
  null;

/** Strips accents, case and punctuation so 'Bogotá D.C.', 'bogota' and 'BOGOTÁ' meet. */
export function placeKey(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\b(d\.?\s?c\.?|distrito capital)\b/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The Colombian municipalities and departments of the package, loaded once per process on first use. */
function loadGazetteer() {
  gazetteer ??= (async () => {
    const require = createRequire(import.meta.url);
    const read = async (file: string): Promise<unknown[]> =>
      JSON.parse(await readFile(require.resolve(`country-state-city/lib/assets/${file}`), "utf8"));
    const [cityRows, stateRows] = await Promise.all([read("city.json"), read("state.json")]);
    const cities: Place[] = [];
    // city.json rows are [name, countryCode, stateCode, latitude, longitude].
    for (const row of cityRows) {
      if (!Array.isArray(row) || row[1] !== "CO") continue;
      cities.push({ name: String(row[0]), stateCode: String(row[2]), lat: Number(row[3]), lng: Number(row[4]) });
    }
    const states = new Map<string, { name: string; lat: number; lng: number }>();
    for (const s of stateRows as Record<string, string>[]) {
      if (s.countryCode !== "CO") continue;
      states.set(s.isoCode ?? "", { name: s.name ?? "", lat: Number(s.latitude), lng: Number(s.longitude) });
    }
    return { cities, states };
  })();
  return gazetteer;
}

/** The centre of a Colombian municipality (by name, and department when given), or null when unknown. */
export async function cityCentre(ciudad: string, departamento = ""): Promise<LatLng | null> {
  const key = placeKey(ciudad);
  if (!key) return null;
  const { cities, states } = await loadGazetteer();
  const dep = placeKey(departamento);
  const matches = cities.filter((c) => placeKey(c.name) === key && Number.isFinite(c.lat) && Number.isFinite(c.lng));
  const inDep = dep ? matches.find((c) => placeKey(states.get(c.stateCode)?.name ?? "") === dep) : undefined;
  const hit = inDep ?? matches[0];
  return hit ? { lat: hit.lat, lng: hit.lng } : null;
}

/** Two uniform numbers in [0, 1) from the CSPRNG. */
function uniforms(): [number, number] {
  const b = randomBytes(8);
  return [b.readUInt32BE(0) / 2 ** 32, b.readUInt32BE(4) / 2 ** 32];
}

/** A public point and where it came from; never the exact point. */
export interface PublicPoint {
  lat: number;
  lng: number;
  source: "usuario" | "ciudad";
}

/**
 * The public point of a new asset, computed OUTSIDE any transaction (the
 * gazetteer may be read from disk the first time): the chosen point offset
 * once by a random distance up to ~500 m, else the city centre, else null.
 */
export async function publicPoint(input: {
  coordenadas?: LatLng | null | undefined;
  ciudad?: string | undefined;
  departamento?: string | undefined;
}): Promise<PublicPoint | null> {
  if (input.coordenadas) {
    const [u1, u2] = uniforms();
    return { ...privatePoint(input.coordenadas, u1, u2), source: "usuario" };
  }
  if (input.ciudad) {
    const c = await cityCentre(input.ciudad, input.departamento);
    if (c) return { ...c, source: "ciudad" };
  }
  return null;
}

/** Stores an asset's public point in the caller's transaction. */
export async function savePublicPoint(tx: Executor, assetId: string, p: PublicPoint): Promise<void> {
  await upsertAssetLocation(tx, { assetId, lat: p.lat, lng: p.lng, source: p.source });
}

/**
 * savePublicPoint as a part of a batch statement (lib/batch.ts): the asset row may be inserted by
 * another part of the same statement (the foreign key to assets is checked at the statement's end).
 */
export function publicPointPart(exec: Executor, assetId: string, p: PublicPoint): BatchPart {
  return { sql: assetLocationUpsertSql(exec, { assetId, lat: p.lat, lng: p.lng, source: p.source }) };
}
