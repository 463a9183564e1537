import { z } from "zod";
import { MAX_AMOUNT_CREDITS } from "../constants.ts";
import { WITHDRAWALS_MSG as W } from "./messages.ts";
import { isWalletMethod, WITHDRAWAL_METHODS, WITHDRAWAL_STATES, WITHDRAWAL_TYPES } from "./process.ts";

/**
 * POST /retiros (calls-validation-errors §7 Withdrawals): tipo, monto, metodo,
 * plus the destination the method needs and nothing more: a phone number for
 * Nequi/Daviplata; for Wompi/PSE the bank account a transfer needs (bank,
 * type, number, holder and the holder's document).
 */
export const BANK_ACCOUNT_TYPES = ["ahorros", "corriente"] as const;
export const DOCUMENT_TYPES = ["CC", "CE", "NIT", "PP"] as const;

const digits = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((s) => s.replace(/[\s.-]/g, ""))
    .pipe(z.string().regex(new RegExp(`^\\d{${min},${max}}$`), { message }));

export const requestWithdrawalSchema = z
  .object({
    tipo: z.enum(WITHDRAWAL_TYPES, { error: W.tipoInvalid }),
    monto: z
      .number({ error: W.amountRequired })
      .int(W.amountRequired)
      .min(1, W.amountRequired)
      .max(MAX_AMOUNT_CREDITS, W.amountTooLarge),
    metodo: z.enum(WITHDRAWAL_METHODS, { error: W.metodoInvalid }),
    celular: digits(10, 10, W.celularInvalid)
      .refine((s) => s.startsWith("3"), W.celularInvalid)
      .optional(),
    banco: z.string({ error: W.bancoRequired }).trim().min(1, W.bancoRequired).max(60, W.bancoRequired).optional(),
    tipoCuenta: z.enum(BANK_ACCOUNT_TYPES, { error: W.tipoCuentaInvalid }).optional(),
    numeroCuenta: digits(6, 20, W.numeroCuentaInvalid).optional(),
    titular: z
      .string({ error: W.titularRequired })
      .trim()
      .min(1, W.titularRequired)
      .max(120, W.titularRequired)
      .optional(),
    tipoDocumento: z.enum(DOCUMENT_TYPES, { error: W.tipoDocumentoInvalid }).optional(),
    numeroDocumento: digits(5, 15, W.numeroDocumentoInvalid).optional(),
  })
  .superRefine((o, ctx) => {
    const need = (field: keyof typeof o, message: string) => {
      if (o[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message });
    };
    if (isWalletMethod(o.metodo)) need("celular", W.celularInvalid);
    else {
      need("banco", W.bancoRequired);
      need("tipoCuenta", W.tipoCuentaInvalid);
      need("numeroCuenta", W.numeroCuentaInvalid);
      need("titular", W.titularRequired);
      need("tipoDocumento", W.tipoDocumentoInvalid);
      need("numeroDocumento", W.numeroDocumentoInvalid);
    }
  });
export type RequestWithdrawalInput = z.input<typeof requestWithdrawalSchema>;
export type RequestWithdrawalData = z.output<typeof requestWithdrawalSchema>;

export const withdrawalSchema = z.object({
  _id: z.string(),
  tipo: z.enum(WITHDRAWAL_TYPES),
  monto: z.number().int(),
  valorCOP: z.number().int(),
  metodo: z.enum(WITHDRAWAL_METHODS),
  estado: z.enum(WITHDRAWAL_STATES),
  destino: z.string().describe("Destino enmascarado (solo los últimos 4 dígitos)"),
  referencia: z.string().nullable(),
  motivo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const adminWithdrawalSchema = withdrawalSchema.extend({
  usuario: z.object({ _id: z.string(), name: z.string(), apellido: z.string(), email: z.string() }),
  /** The full destination, for the admin who pays it; only while pendiente (then masked). */
  destinoCompleto: z
    .object({
      celular: z.string().optional(),
      banco: z.string().optional(),
      tipoCuenta: z.string().optional(),
      numeroCuenta: z.string().optional(),
      titular: z.string().optional(),
      tipoDocumento: z.string().optional(),
      numeroDocumento: z.string().optional(),
    })
    .nullable(),
  proveedor: z.string(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const requestWithdrawalResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  creditosRestantes: z.number().int(),
  data: withdrawalSchema,
});
export type RequestWithdrawalResponse = z.infer<typeof requestWithdrawalResponseSchema>;
export const myWithdrawalsResponseSchema = z.object({ success: z.literal(true), data: z.array(withdrawalSchema) });
export const adminWithdrawalListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminWithdrawalSchema),
  counts: z.record(z.string(), z.number().int()),
  total: z.number().int(),
});
export type AdminWithdrawalList = z.infer<typeof adminWithdrawalListResponseSchema>;
export const adminWithdrawalResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: adminWithdrawalSchema,
});

export const withdrawalListQuerySchema = z.object({
  estado: z.enum(WITHDRAWAL_STATES).optional(),
  metodo: z.enum(WITHDRAWAL_METHODS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** PATCH /admin/retiros/{id}: aprobado needs the payout reference; rechazado may say why. */
export const updateWithdrawalSchema = z
  .object({
    estado: z.enum(["aprobado", "rechazado"], { error: W.estadoInvalid }),
    referencia: z.string({ error: W.referenciaRequired }).trim().max(100, W.referenciaTooLong).optional(),
    motivo: z.string({ error: W.motivoTooLong }).trim().max(300, W.motivoTooLong).optional(),
  })
  .superRefine((o, ctx) => {
    if (o.estado === "aprobado" && !o.referencia) {
      ctx.addIssue({ code: "custom", path: ["referencia"], message: W.referenciaRequired });
    }
  });
export type UpdateWithdrawalInput = z.input<typeof updateWithdrawalSchema>;

/** The input of the admin's transitions (aprobar, rechazar), as the engine hands it to the handlers. */
export const resolveWithdrawalInputSchema = z.object({
  referencia: z.string().optional(),
  motivo: z.string().optional(),
});
export type ResolveWithdrawalInput = z.output<typeof resolveWithdrawalInputSchema>;
