import { z } from "zod";
import { UUID_RE } from "../common/ids.ts";
import {
  MODERATION_MOTIVO_MAX,
  MODERATION_MSG,
  REPORT_DESCRIPCION_MAX,
  REPORT_MOTIVOS,
  REPORT_TIPOS,
} from "./messages.ts";

// Control characters other than tab and line breaks.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find control characters.
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** A chat message's id: its identity number (chat_messages.id). */
const MESSAGE_ID_RE = /^[1-9][0-9]{0,17}$/;

/** POST /api/reportes */
export const createReportSchema = z
  .object({
    tipo: z.enum(REPORT_TIPOS, { error: MODERATION_MSG.invalidTipo }),
    objetivoId: z
      .string({ error: MODERATION_MSG.invalidTarget })
      .trim()
      .max(64, MODERATION_MSG.invalidTarget)
      .transform((s) => s.toLowerCase()),
    motivo: z.enum(REPORT_MOTIVOS, { error: MODERATION_MSG.invalidMotivo }),
    descripcion: z
      .string({ error: MODERATION_MSG.descripcionTooLong })
      .transform((s) => s.replace(/\r\n?/g, "\n").trim())
      .pipe(
        z
          .string()
          .max(REPORT_DESCRIPCION_MAX, MODERATION_MSG.descripcionTooLong)
          .refine((s) => !FORBIDDEN_CONTROL.test(s), MODERATION_MSG.controlChars),
      )
      .optional()
      .default(""),
  })
  .superRefine((v, ctx) => {
    const ok = v.tipo === "mensaje" ? MESSAGE_ID_RE.test(v.objetivoId) : UUID_RE.test(v.objetivoId);
    if (!ok) ctx.addIssue({ code: "custom", path: ["objetivoId"], message: MODERATION_MSG.invalidTarget });
  });
export type CreateReportInput = z.infer<typeof createReportSchema>;

/** The body of every admin decision: why (required; shown to the owner of a hidden listing). */
export const moderationDecisionSchema = z.object({
  motivo: z
    .string({ error: MODERATION_MSG.motivoRequired })
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, MODERATION_MSG.motivoRequired)
        .max(MODERATION_MOTIVO_MAX, MODERATION_MSG.motivoTooLong)
        .refine((s) => !FORBIDDEN_CONTROL.test(s), MODERATION_MSG.controlChars),
    ),
});
export type ModerationDecisionInput = z.infer<typeof moderationDecisionSchema>;
