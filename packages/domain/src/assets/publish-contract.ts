import { z } from "zod";
import { assetDetailResponseSchema } from "./contracts.ts";

/** PUT /api/activos/publicar/{id}: the asset listed again with its new purpose. */
export const assetPublishedResponseSchema = assetDetailResponseSchema.extend({ message: z.string() });
export type AssetPublishedResponse = z.infer<typeof assetPublishedResponseSchema>;
