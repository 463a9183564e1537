import type { SellFormData } from "@valoriza/domain";
import { ApiError, apiRequest } from "../../lib/api.ts";
import { type Asset, normalizeAsset } from "../../lib/assets.ts";

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

export type SellPayload = SellFormData;

export interface SellResult {
  asset: Asset | null;
  userCredits: { previous: number | null; added: number | null; current: number | null };
}

/** POST /assets with purpose vender and privacy publico (the sell schema's output). */
export async function publishForSale(
  payload: SellPayload,
  idempotencyKey: string,
  onUploadProgress?: (fraction: number) => void,
): Promise<SellResult> {
  const body = record(
    await apiRequest("/assets", {
      method: "POST",
      body: payload,
      idempotencyKey,
      ...(onUploadProgress ? { onUploadProgress } : {}),
    }),
  );
  const credits = record(body.userCredits);
  return {
    asset: normalizeAsset(body.data),
    userCredits: { previous: num(credits.previous), added: num(credits.added), current: num(credits.current) },
  };
}

/**
 * Calls §8 (Sell page): the server message or its error field; otherwise (network, a body without
 * either) the caller's fallback.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = record(error.body);
  for (const field of [body.message, body.error]) {
    if (typeof field === "string" && field.trim()) return field.trim();
  }
  return null;
}
