import { type AssetContract, toAssetType, userLookupResponseSchema } from "@valoriza/domain";
import type { z } from "zod";
import { UNEXPECTED_ANSWER } from "./answer.ts";
import { apiRequest } from "./api.ts";
import type { Asset } from "./assets.ts";

export { UNEXPECTED_ANSWER };

/**
 * An API answer parsed with its response contract from @valoriza/domain (the schemas the server's
 * routes document and its tests check): typed data, or an error the page shows like any other.
 * Only a type is imported from zod here; the pages that call this load zod with their contracts
 * (the home route keeps its hand-written readers: zod is not part of its budget). `message` is what
 * the person reads when the answer is out of its contract (a page's own words, else UNEXPECTED_ANSWER).
 */
export function parseAnswer<S extends z.ZodType>(schema: S, body: unknown, message = UNEXPECTED_ANSWER): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues.map((i) => `${i.path.join(".") || "(raíz)"}: ${i.message}`).join("; ");
  console.error(`Respuesta fuera de su contrato: ${where}`);
  throw new Error(message, { cause: parsed.error });
}

/**
 * An asset as its contract (assetSchema) documents it, in the web's shape (lib/assets.ts), for the pages
 * that parse their answers with the domain's schemas. The same fallbacks as normalizeAsset, which stays
 * for the home feed and the asset page: their first load carries no zod. Here, not in
 * lib/assets.ts, so that none of it is in the home route's chunk.
 */
export function assetFromContract(a: AssetContract): Asset {
  const owner = typeof a.userId === "string" ? null : a.userId;
  return {
    id: a._id,
    ownerId: owner ? owner._id : (a.userId as string),
    owner: owner
      ? { id: owner._id, name: owner.name, apellido: owner.apellido, ciudad: owner.ciudad, pais: owner.pais }
      : null,
    title: a.title || "Activo sin título",
    description: a.description,
    assetType: toAssetType(a.assetType) ?? toAssetType(a.type) ?? "bien",
    origin: a.origin,
    category: a.category,
    subcategory: a.subcategory,
    especializacion: a.especializacion,
    condition: a.condition,
    physicalState: a.physicalState,
    yearOfPurchase: a.yearOfPurchase,
    baseValueCOP: a.baseValueCOP,
    location: a.location,
    ciudad: a.ubicacion.ciudad,
    departamento: a.ubicacion.departamento,
    mainPurpose: a.mainPurpose,
    images: a.images.filter(Boolean),
    thumbnails: a.thumbnails.filter(Boolean),
    depreciation: a.depreciation,
    valorActualCOP: a.valorActualCOP,
    valorCOPReconocido: a.valorCOPReconocido,
    antiguedadAnios: a.antiguedadAnios,
    credits: a.creditosAsignados,
    valueCOP: a.valorCOPReconocido,
    estadoCredito: a.estadoCredito,
    vecesUsado: a.vecesUsado,
    status: a.status,
    privacy: a.privacy || "publico",
    horas: a.horas,
    especializado: a.especializado,
    tipoServicio: a.tipoServicio ?? "",
    monto: a.monto,
    tipoAporte: a.tipoAporte ?? "",
    createdAt: a.createdAt,
    proximityBadge: "",
    distanceKm: a.distanciaKm ?? null,
    oculto: a.oculto ?? null,
  };
}

/** A person found by email: the id the API wants and the name the page shows. */
export interface Person {
  id: string;
  name: string;
}

/**
 * GET /users/email/{email} (the person pickers): the account's id and name. An answer without an id
 * throws `notFound`, each picker's own words (lender, recipient, receiver).
 */
export async function findPersonByEmail(email: string, notFound: string): Promise<Person> {
  const body = await apiRequest(`/users/email/${encodeURIComponent(email)}`);
  const found = parseAnswer(userLookupResponseSchema, body);
  if (!found.data._id) throw new Error(notFound);
  return { id: found.data._id, name: found.data.name };
}
