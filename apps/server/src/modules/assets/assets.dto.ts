import { MODERATION_MSG } from "@valoriza/domain";
import type { AssetRow, Owner } from "./assets.repository.ts";

/** The asset as the spec's client reads it (`_id`, both credit field spellings, populated owner when known). */
export function toAssetDto(a: AssetRow, owner?: Owner) {
  return {
    _id: a.id,
    userId: owner ?? a.userId,
    title: a.title,
    description: a.description,
    assetType: a.assetType,
    type: a.assetType,
    origin: a.origin,
    category: a.category,
    subcategory: a.subcategory,
    especializacion: a.especializacion,
    condition: a.condition,
    physicalState: a.physicalState,
    yearOfPurchase: a.yearOfPurchase,
    baseValueCOP: a.baseValueCOP,
    location: a.location,
    ubicacion: { ciudad: a.ciudad, departamento: a.departamento },
    mainPurpose: a.mainPurpose,
    privacy: a.privacy,
    images: a.images.map((i) => i.url),
    thumbnails: a.images.map((i) => i.thumbUrl),
    depreciation: a.depreciation,
    valorActualCOP: a.valorActualCOP,
    valorCOPOriginal: a.valorCOPOriginal,
    valorCOPReconocido: a.valorCOPReconocido,
    antiguedadAnios: a.antiguedadAnios,
    creditosAsignados: a.creditosAsignados,
    valueCredits: a.creditosAsignados,
    credits: a.creditosAsignados,
    estadoCredito: a.estadoCredito,
    vecesUsado: a.vecesUsado,
    status: a.status,
    horas: a.horas,
    especializado: a.especializado,
    tipoServicio: a.tipoServicio,
    monto: a.monto,
    tipoAporte: a.tipoAporte,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export type AssetDto = ReturnType<typeof toAssetDto>;

/**
 * The asset as its owner (or an admin) reads it: with `oculto` and the reason when an admin hid it
 * or its owner is suspended (issue 19). Never on what others read.
 */
export function withModeration<T extends AssetDto>(dto: T, a: AssetRow, ownerSuspended = false): T {
  if (a.hiddenAt !== null) return { ...dto, oculto: { motivo: a.hiddenReason ?? "", porSuspension: false } };
  if (ownerSuspended) return { ...dto, oculto: { motivo: MODERATION_MSG.hiddenBySuspension, porSuspension: true } };
  return dto;
}
