import { useQuery } from "@tanstack/react-query";
import {
  ASSET_ACTIONS,
  ASSET_MSG,
  type AvailableActions,
  CATEGORY_CATALOG,
  type CategoriaCatalogo,
  RATIO_TEXT,
  type WizardAssetType,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query-client.ts";

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** GET /actions/{type}: which actions the type allows (the wizard enables only `true`). */
export function useAvailableActions(type: WizardAssetType | null) {
  return useQuery({
    queryKey: queryKeys.actions(type ?? ""),
    queryFn: async ({ signal }): Promise<AvailableActions> => {
      let body: Record<string, unknown>;
      try {
        body = record(await apiRequest(`/actions/${type}`, { signal, onUnauthorized: "ignore" }));
      } catch (error) {
        throw new Error(ASSET_MSG.loadActionsError, { cause: error });
      }
      const raw = record(body.availableActions);
      if (body.success === false || Object.keys(raw).length === 0) throw new Error(ASSET_MSG.loadActionsError);
      const actions = {} as AvailableActions;
      for (const action of ASSET_ACTIONS) {
        const value = raw[action];
        actions[action] = value === true || value === "compensacion" ? value : false;
      }
      return actions;
    },
    enabled: type !== null,
  });
}

export interface Categories {
  categorias: CategoriaCatalogo[];
  ratio: string;
}

/** GET /formularios/categorias: the goods catalogue (category, subcategories, specialisations). */
export function useCategories() {
  return useQuery({
    queryKey: queryKeys.categories,
    queryFn: async ({ signal }): Promise<Categories> => {
      const body = record(await apiRequest("/formularios/categorias", { signal, onUnauthorized: "ignore" }));
      const list = Array.isArray(body.categorias) ? body.categorias.map(record) : [];
      const categorias = list
        .map((c) => ({
          id: str(c.id),
          nombre: str(c.nombre) as CategoriaCatalogo["nombre"],
          subcategorias: (Array.isArray(c.subcategorias) ? c.subcategorias.map(record) : []).map((s) => ({
            id: str(s.id),
            nombre: str(s.nombre),
            especializaciones: Array.isArray(s.especializaciones)
              ? s.especializaciones.filter((e): e is string => typeof e === "string")
              : [],
          })),
        }))
        .filter((c) => c.nombre);
      if (categorias.length === 0) throw new Error("No pudimos cargar las categorías");
      return { categorias, ratio: str(body.ratio) || RATIO_TEXT };
    },
  });
}

/** The domain's copy of the same catalogue, used while the server list is unavailable. */
export const FALLBACK_CATEGORIES: Categories = { categorias: [...CATEGORY_CATALOG], ratio: RATIO_TEXT };

export interface RegistrationResult {
  id: string;
  title: string;
  credits: number | null;
  valueCOP: number | null;
}

function resultFrom(asset: Record<string, unknown>, extraCredits?: unknown): RegistrationResult {
  return {
    id: str(asset._id) || str(asset.id),
    title: str(asset.title),
    credits: num(extraCredits) ?? num(asset.creditosAsignados) ?? num(asset.credits) ?? num(asset.valueCredits),
    valueCOP: num(asset.valorCOPReconocido) ?? num(asset.valorTotal) ?? num(asset.baseValueCOP),
  };
}

export interface GoodPayload {
  title: string;
  description: string;
  assetType: "bien";
  origin: string;
  category: string;
  subcategory?: string;
  especializacion?: string;
  condition: string;
  physicalState: string;
  yearOfPurchase: number;
  baseValueCOP: number;
  location?: string;
  mainPurpose: string;
  privacy: "publico";
  images: string[];
  userId?: string;
}

/** POST /assets, with the upload progress of the body (photos are data URLs inside the JSON). */
export async function registerGood(
  payload: GoodPayload,
  idempotencyKey: string,
  onUploadProgress?: (fraction: number) => void,
): Promise<RegistrationResult> {
  const body = record(
    await apiRequest("/assets", {
      method: "POST",
      body: payload,
      idempotencyKey,
      ...(onUploadProgress ? { onUploadProgress } : {}),
    }),
  );
  const added = record(body.userCredits).added;
  return resultFrom(record(body.data), added);
}

export interface TimePayload {
  tipo: string;
  horas: number;
  especializado: boolean;
  descripcion: string;
  mainPurpose?: string;
  userId?: string;
}

/** POST /tiempo/registrar. */
export async function registerTime(payload: TimePayload, idempotencyKey: string): Promise<RegistrationResult> {
  const body = record(await apiRequest("/tiempo/registrar", { method: "POST", body: payload, idempotencyKey }));
  const activo = record(body.activo ?? body.data);
  return resultFrom(activo, activo.creditos);
}

export interface MoneyPayload {
  monto: number;
  tipo: string;
  descripcion: string;
  mainPurpose?: string;
  userId?: string;
}

/** POST /dinero/registrar. */
export async function registerMoney(payload: MoneyPayload, idempotencyKey: string): Promise<RegistrationResult> {
  const body = record(await apiRequest("/dinero/registrar", { method: "POST", body: payload, idempotencyKey }));
  const activo = record(body.activo ?? body.data);
  return resultFrom(activo, activo.creditos);
}
