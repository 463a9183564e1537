import { assetRegisteredResponseSchema, type SellFormData } from "@valoriza/domain";
import { ApiError, apiRequest } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { assetFromContract, parseAnswer } from "../../lib/contracts.ts";

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
  const answer = parseAnswer(
    assetRegisteredResponseSchema,
    await apiRequest("/assets", {
      method: "POST",
      body: payload,
      idempotencyKey,
      ...(onUploadProgress ? { onUploadProgress } : {}),
    }),
  );
  return { asset: assetFromContract(answer.data), userCredits: answer.userCredits };
}

/**
 * Calls §8 (Sell page): the server message or its error field; otherwise (network, a body without
 * either) the caller's fallback.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  // The error envelope (errorResponseSchema) or an older body with `error`.
  const body = (error.body && typeof error.body === "object" ? error.body : {}) as {
    message?: unknown;
    error?: unknown;
  };
  for (const field of [body.message, body.error]) {
    if (typeof field === "string" && field.trim()) return field.trim();
  }
  return null;
}
