import { z } from "zod";
import { formatNumber } from "../economy/format.ts";

/**
 * Paging parameters of a query string with our own Spanish messages (issue 15 item 23): `?limit=0`
 * and `?limit=abc` answer 'El límite debe ser un número entero entre 1 y 200', never zod's words.
 */
const integerIn = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} debe ser un número entero entre ${min} y ${formatNumber(max)}`;
  return z
    .string({ error: message })
    .optional()
    .describe(`Entero de ${min} a ${max}; por defecto ${fallback}`)
    .transform((s, ctx) => {
      if (s === undefined || s.trim() === "") return fallback;
      const n = /^\s*\d{1,9}\s*$/.test(s) ? Number(s) : Number.NaN;
      if (!(n >= min && n <= max)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });
};

/** `?limit=`: 1 to `max`, `fallback` when absent. */
export const limitQuery = (max: number, fallback: number) => integerIn("El límite", 1, max, fallback);
/** `?offset=`: 0 to `max`, 0 when absent. */
export const offsetQuery = (max: number) => integerIn("El desplazamiento (offset)", 0, max, 0);
