import { useQuery } from "@tanstack/react-query";
import {
  ASSET_MSG,
  type AssetContract,
  type AvailableActions,
  actionsResponseSchema,
  assetRegisteredResponseSchema,
  CATEGORY_CATALOG,
  type CategoriaCatalogo,
  categoriesResponseSchema,
  moneyRegisteredResponseSchema,
  RATIO_TEXT,
  timeRegisteredResponseSchema,
  type WizardAssetType,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { queryKeys } from "../../lib/query-client.ts";

/** GET /actions/{type}: which actions the type allows (the wizard enables only `true`). */
export function useAvailableActions(type: WizardAssetType | null) {
  return useQuery({
    queryKey: queryKeys.actions(type ?? ""),
    queryFn: async ({ signal }): Promise<AvailableActions> => {
      try {
        const body = await apiRequest(`/actions/${type}`, { signal, onUnauthorized: "ignore" });
        return parseAnswer(actionsResponseSchema, body).availableActions;
      } catch (error) {
        throw new Error(ASSET_MSG.loadActionsError, { cause: error });
      }
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
      const body = parseAnswer(
        categoriesResponseSchema,
        await apiRequest("/formularios/categorias", { signal, onUnauthorized: "ignore" }),
      );
      const categorias = body.categorias.map((c) => ({
        ...c,
        subcategorias: c.subcategorias.map((s) => ({ ...s, especializaciones: [...s.especializaciones] })),
      }));
      if (categorias.length === 0) throw new Error("No pudimos cargar las categorías");
      return { categorias, ratio: body.ratio || RATIO_TEXT };
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

/** What the wizard's last step shows of a registered asset (its contract's fields). */
function resultFrom(asset: AssetContract, credits: number): RegistrationResult {
  return { id: asset._id, title: asset.title, credits, valueCOP: asset.valorCOPReconocido };
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
  const body = parseAnswer(
    assetRegisteredResponseSchema,
    await apiRequest("/assets", {
      method: "POST",
      body: payload,
      idempotencyKey,
      ...(onUploadProgress ? { onUploadProgress } : {}),
    }),
  );
  return resultFrom(body.data, body.userCredits.added);
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
  const { activo } = parseAnswer(
    timeRegisteredResponseSchema,
    await apiRequest("/tiempo/registrar", { method: "POST", body: payload, idempotencyKey }),
  );
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
  const { activo } = parseAnswer(
    moneyRegisteredResponseSchema,
    await apiRequest("/dinero/registrar", { method: "POST", body: payload, idempotencyKey }),
  );
  return resultFrom(activo, activo.creditos);
}
