import { z } from "zod";
import { assetSchema } from "../assets/contracts.ts";

/**
 * GET /api/loans/lender-assets/{id}: the lender's public assets offered for lending and free now
 * (what the borrower's 'Solicitar Préstamo' dialog lists).
 */
export const lendableAssetsResponseSchema = z.object({ success: z.literal(true), data: z.array(assetSchema) });
export type LendableAssetsResponse = z.infer<typeof lendableAssetsResponseSchema>;
