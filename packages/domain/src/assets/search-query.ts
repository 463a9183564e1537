import { z } from "zod";
import { toAssetType, toMainPurpose } from "../economy/constants.ts";
import {
  ASSET_ORDERS,
  ASSET_SEARCH_CREDITS_MAX,
  ASSET_SEARCH_PAGE_MAX,
  ASSET_SEARCH_MSG as M,
  toSearchCategory,
} from "./search.ts";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional query-string value: absent or blank is "not given". */
const opt = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), inner.optional());

const creditsBound = (field: string) =>
  opt(
    z
      .string()
      .trim()
      .regex(/^\d{1,12}$/, { message: M.creditsInvalid(field) })
      .transform(Number)
      .refine((n) => n <= ASSET_SEARCH_CREDITS_MAX, { message: M.creditsTooBig(field) }),
  );

const coordinate = (min: number, max: number, message: string) =>
  opt(
    z
      .string()
      .trim()
      .regex(/^-?\d{1,3}(\.\d{1,12})?$/, { message })
      .transform(Number)
      .refine((n) => n >= min && n <= max, { message }),
  );

/**
 * GET /api/assets (issue 20): the public feed with text search, filters, order and pages. Every
 * bad value is a 400 with a Spanish message naming the parameter.
 */
export const assetSearchQuerySchema = z
  .object({
    excludeUserId: opt(z.string().regex(UUID_RE, { message: "El identificador del usuario no es válido" })),
    q: opt(z.string().max(200, "La búsqueda no puede tener más de 200 caracteres")),
    categoria: opt(
      z
        .string()
        .max(80, M.categoriaInvalid)
        .transform((s, ctx) => {
          const c = toSearchCategory(s);
          if (!c) {
            ctx.addIssue({ code: "custom", message: M.categoriaInvalid });
            return z.NEVER;
          }
          return c;
        }),
    ).describe("Categoría (nombre o identificador, sin importar tildes ni mayúsculas)"),
    tipo: opt(
      z.string().transform((s, ctx) => {
        const t = toAssetType(s.trim().toLowerCase());
        if (!t) {
          ctx.addIssue({ code: "custom", message: M.tipoInvalid });
          return z.NEVER;
        }
        return t;
      }),
    ).describe("bien | tiempo | dinero"),
    proposito: opt(
      z.string().transform((s, ctx) => {
        const p = toMainPurpose(s.trim().toLowerCase());
        if (!p) {
          ctx.addIssue({ code: "custom", message: M.propositoInvalid });
          return z.NEVER;
        }
        return p;
      }),
    ).describe("intercambiar | vender | prestar | alquilar | donar | regalar"),
    ciudad: opt(z.string().max(80, M.ciudadTooLong)).describe("Ciudad, sin importar tildes ni mayúsculas"),
    minCreditos: creditsBound("minCreditos"),
    maxCreditos: creditsBound("maxCreditos"),
    orden: opt(z.enum(ASSET_ORDERS, { error: M.ordenInvalid })).describe(ASSET_ORDERS.join(" | ")),
    lat: coordinate(-90, 90, M.latInvalid),
    lng: coordinate(-180, 180, M.lngInvalid),
    limit: z.coerce
      .number({ error: "limit debe ser un número" })
      .int("limit debe ser un número entero")
      .min(1, "limit debe ser al menos 1")
      .max(ASSET_SEARCH_PAGE_MAX, `limit no puede ser mayor que ${ASSET_SEARCH_PAGE_MAX}`)
      .default(100),
    offset: z.coerce
      .number({ error: "offset debe ser un número" })
      .int("offset debe ser un número entero")
      .min(0, "offset no puede ser negativo")
      .max(100_000, "offset es demasiado grande")
      .default(0),
  })
  .check((ctx) => {
    const v = ctx.value;
    if (v.minCreditos !== undefined && v.maxCreditos !== undefined && v.minCreditos > v.maxCreditos) {
      ctx.issues.push({ code: "custom", message: M.creditsRange, input: v, path: ["minCreditos"] });
    }
    if ((v.lat === undefined) !== (v.lng === undefined)) {
      ctx.issues.push({ code: "custom", message: M.coordsPair, input: v, path: [v.lat === undefined ? "lat" : "lng"] });
    } else if (v.orden === "distancia" && v.lat === undefined) {
      ctx.issues.push({ code: "custom", message: M.distanceNeedsCoords, input: v, path: ["orden"] });
    }
  });
export type AssetSearchQuery = z.output<typeof assetSearchQuerySchema>;
