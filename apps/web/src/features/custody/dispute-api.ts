import { useMutation } from "@tanstack/react-query";
import { custodyResponseSchema, DISPUTE_MAX_IMAGE_BYTES, type DisputeMotivo } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { CUSTODY_ROOT, custodyView } from "./api.ts";

export interface OpenDisputeInput {
  id: string;
  motivo: DisputeMotivo;
  descripcion: string;
  imagenes: string[];
  idempotencyKey: string;
}

/** POST /custodia/{id}/disputa (issue 19): either party of a pending custody; it waits for the desk. */
export function useOpenDispute() {
  return useMutation({
    mutationFn: async ({ id, idempotencyKey, ...body }: OpenDisputeInput) => {
      const answer = parseAnswer(
        custodyResponseSchema,
        await apiRequest(`/custodia/${encodeURIComponent(id)}/disputa`, { method: "POST", body, idempotencyKey }),
      );
      return { custodia: custodyView(answer.custodia), message: answer.message };
    },
    onSettled: () =>
      Promise.all([invalidateAfterCreditChange(), queryClient.invalidateQueries({ queryKey: [CUSTODY_ROOT] })]),
  });
}

const ACCEPTED = ["image/jpeg", "image/png", "image/webp", "image/gif"];
/** Data URL characters of the largest photo the server takes (base64 of DISPUTE_MAX_IMAGE_BYTES). */
const MAX_CHARS = Math.floor((DISPUTE_MAX_IMAGE_BYTES / 3) * 4);

/** A phone photo as a JPEG data URL of at most 1600 px a side and under the dispute's size cap. */
export async function evidenceFromFile(file: File): Promise<string> {
  if (!ACCEPTED.includes(file.type)) throw new Error(`"${file.name}" no es una imagen JPG, PNG, WEBP o GIF`);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(`No pudimos abrir "${file.name}". Prueba con otra foto.`);
  }
  try {
    for (const [side, quality] of [
      [1600, 0.85],
      [1200, 0.78],
      [900, 0.72],
    ] as const) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const ctx = canvas.getContext("2d");
      if (!ctx) break;
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const data = canvas.toDataURL("image/jpeg", quality);
      if (data.length <= MAX_CHARS) return data;
    }
    throw new Error(`"${file.name}" es demasiado grande`);
  } finally {
    bitmap.close();
  }
}
