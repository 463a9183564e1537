import { type AssetType, toAssetType } from "@valoriza/domain";

export type { AssetType };

export interface AssetOwner {
  id: string;
  name: string;
  apellido: string;
  ciudad: string;
  pais: string;
}

/**
 * An asset as the web reads it (overview §3), tolerant of missing fields: the list, mine and detail
 * calls all answer this shape (the owner is populated in the list and the detail, a plain id in mine).
 */
export interface Asset {
  id: string;
  ownerId: string;
  owner: AssetOwner | null;
  title: string;
  description: string;
  assetType: AssetType;
  origin: string;
  category: string;
  subcategory: string;
  especializacion: string;
  condition: string;
  physicalState: string;
  yearOfPurchase: number | null;
  baseValueCOP: number | null;
  location: string;
  ciudad: string;
  departamento: string;
  mainPurpose: string;
  images: string[];
  thumbnails: string[];
  depreciation: number | null;
  valorActualCOP: number | null;
  valorCOPReconocido: number | null;
  antiguedadAnios: number | null;
  /** creditosAsignados, else valueCredits, else credits. */
  credits: number | null;
  /** valorCOPReconocido, else baseValueCOP (the card's COP value). */
  valueCOP: number | null;
  estadoCredito: string;
  vecesUsado: number;
  status: string;
  /** 'publico' (listed) or 'privado' (received in a deal and not published again: nobody can buy it). */
  privacy: string;
  horas: number | null;
  especializado: boolean | null;
  tipoServicio: string;
  monto: number | null;
  tipoAporte: string;
  createdAt: string;
  proximityBadge: string;
  /** GET /api/assets with lat,lng (issue 20): km to the asset's public point (rounded), or null. */
  distanceKm: number | null;
  /** Hidden by moderation (issue 19), as only its owner (or an admin) reads it: why; null otherwise. */
  oculto: { motivo: string; porSuspension: boolean } | null;
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const num = (...values: unknown[]): number | null => {
  for (const value of values) if (typeof value === "number" && Number.isFinite(value)) return value;
  return null;
};
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.length > 0) : [];

function normalizeOwner(value: unknown): AssetOwner | null {
  if (!value || typeof value !== "object") return null;
  const o = record(value);
  const id = str(o._id) || str(o.id);
  if (!id) return null;
  return { id, name: str(o.name), apellido: str(o.apellido), ciudad: str(o.ciudad), pais: str(o.pais) };
}

export function normalizeAsset(raw: unknown): Asset | null {
  const a = record(raw);
  const id = str(a._id) || str(a.id);
  if (!id) return null;
  const owner = normalizeOwner(a.userId);
  const ubicacion = record(a.ubicacion);
  return {
    id,
    ownerId: owner?.id ?? str(a.userId),
    owner,
    title: str(a.title) || "Activo sin título",
    description: str(a.description),
    assetType: toAssetType(a.assetType) ?? toAssetType(a.type) ?? "bien",
    origin: str(a.origin),
    category: str(a.category),
    subcategory: str(a.subcategory),
    especializacion: str(a.especializacion),
    condition: str(a.condition),
    physicalState: str(a.physicalState),
    yearOfPurchase: num(a.yearOfPurchase),
    baseValueCOP: num(a.baseValueCOP),
    location: str(a.location),
    ciudad: str(ubicacion.ciudad),
    departamento: str(ubicacion.departamento),
    mainPurpose: str(a.mainPurpose),
    images: strings(a.images),
    thumbnails: strings(a.thumbnails),
    depreciation: num(a.depreciation),
    valorActualCOP: num(a.valorActualCOP),
    valorCOPReconocido: num(a.valorCOPReconocido),
    antiguedadAnios: num(a.antiguedadAnios),
    credits: num(a.creditosAsignados, a.valueCredits, a.credits),
    valueCOP: num(a.valorCOPReconocido, a.baseValueCOP),
    estadoCredito: str(a.estadoCredito),
    vecesUsado: num(a.vecesUsado) ?? 0,
    status: str(a.status),
    privacy: str(a.privacy) || "publico",
    horas: num(a.horas),
    especializado: typeof a.especializado === "boolean" ? a.especializado : null,
    tipoServicio: str(a.tipoServicio),
    monto: num(a.monto),
    tipoAporte: str(a.tipoAporte),
    createdAt: str(a.createdAt),
    proximityBadge: str(a.proximityBadge),
    distanceKm: num(a.distanciaKm),
    oculto: a.oculto
      ? { motivo: str(record(a.oculto).motivo), porSuspension: record(a.oculto).porSuspension === true }
      : null,
  };
}

/** A list answer: an array or `{ success, data: [...] }`. */
export function normalizeAssetList(body: unknown): Asset[] {
  const data = Array.isArray(body) ? body : record(body).data;
  if (!Array.isArray(data)) return [];
  return data.map(normalizeAsset).filter((a): a is Asset => a !== null);
}

/** The detail answer `{ success, data: asset }`. */
export function normalizeAssetBody(body: unknown): Asset | null {
  const b = record(body);
  return normalizeAsset("data" in b ? b.data : body);
}

export const assetPath = (id: string) => `/ver-activo/${encodeURIComponent(id)}`;
