import { z } from "zod";
import { assetSchema } from "../assets/contracts.ts";
import { GUARANTEE_TYPES } from "../economy/constants.ts";
import { LOAN_ROLES, LOAN_STATES } from "./loan.ts";

/**
 * GET /api/loans/lender-assets/{id}: the lender's public assets offered for lending and free now
 * (what the borrower's 'Solicitar Préstamo' dialog lists).
 */
export const lendableAssetsResponseSchema = z.object({ success: z.literal(true), data: z.array(assetSchema) });
export type LendableAssetsResponse = z.infer<typeof lendableAssetsResponseSchema>;

/** A loan as every loan call answers it (the borrower's or the lender's view: `miRol`). */
export const loanSchema = z.object({
  _id: z.string(),
  activoId: z.object({ _id: z.string(), title: z.string(), category: z.string() }),
  prestatarioId: z.object({ _id: z.string(), name: z.string() }),
  prestamistaId: z.object({ _id: z.string(), name: z.string() }),
  estado: z.enum(LOAN_STATES),
  garantiaTipo: z.enum(GUARANTEE_TYPES),
  garantiaValor: z.number(),
  /** The borrower's asset reserved as the guarantee (garantiaTipo activo_colateral), else null. */
  garantiaActivoId: z.object({ _id: z.string(), title: z.string(), category: z.string() }).nullable(),
  plazoDias: z.number(),
  interes: z.number(),
  interesCreditos: z.number(),
  notas: z.string(),
  fechaSolicitud: z.string(),
  fechaAprobacion: z.string().nullable(),
  fechaDevolucionEsperada: z.string().nullable(),
  fechaCierre: z.string().nullable(),
  /** The caller's role in this loan. */
  miRol: z.enum(LOAN_ROLES),
  /** True when the due date has passed (the lender may mark it overdue). */
  puedeMarcarVencido: z.boolean(),
});
export type Loan = z.infer<typeof loanSchema>;

export const loanResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: loanSchema });
export const loanListResponseSchema = z.object({ success: z.literal(true), data: z.array(loanSchema) });
