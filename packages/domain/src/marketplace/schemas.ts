import { z } from "zod";
import { isBlankText } from "../common/text.ts";
import { MAX_AMOUNT_CREDITS } from "../constants.ts";
import { MARKETPLACE_MSG as M } from "./messages.ts";
import { PURCHASE_STATES } from "./process.ts";

/**
 * Request schemas and response contracts of the marketplace
 * (calls-validation-errors §7 "Transactions, marketplace, economy"; overview §3
 * "Marketplace product"). The server declares them on its routes (/api/docs).
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const marketplaceIdParamsSchema = z.object({
  id: z
    .string()
    .regex(UUID_RE, { message: M.invalidId })
    .transform((s) => s.toLowerCase()),
});

/** A product image: a raster data URL (PNG, JPEG, WebP; at most ~200 KB) or a path on this site. */
export const MAX_PRODUCT_IMAGE_CHARS = 280_000;
const IMAGE_RE =
  /^(data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}|\/(uploads|assets)\/[A-Za-z0-9._/-]{1,200})$/;
export const productImageSchema = z
  .string({ error: M.imagenInvalid })
  .trim()
  .max(MAX_PRODUCT_IMAGE_CHARS, M.imagenInvalid)
  .refine((s) => s === "" || (IMAGE_RE.test(s) && !s.includes("..")), M.imagenInvalid);

// A name or category made only of invisible characters (zero-width spaces, BOM...) is empty (issue 15 item 24).
const nombre = z
  .string({ error: M.nombreRequired })
  .trim()
  .min(1, M.nombreRequired)
  .max(120, M.nombreTooLong)
  .refine((s) => !isBlankText(s), M.nombreRequired);
const categoria = z
  .string({ error: M.categoriaRequired })
  .trim()
  .min(1, M.categoriaRequired)
  .max(60, M.categoriaTooLong)
  .refine((s) => !isBlankText(s), M.categoriaRequired);
const descripcion = z.string({ error: M.descripcionTooLong }).trim().max(2000, M.descripcionTooLong);
const creditos = z
  .number({ error: M.creditosInvalid })
  .int(M.creditosInvalid)
  .min(1, M.creditosInvalid)
  .max(MAX_AMOUNT_CREDITS, M.creditosInvalid);
const valorCOP = z
  .number({ error: M.valorInvalid })
  .int(M.valorInvalid)
  .min(0, M.valorInvalid)
  .max(MAX_AMOUNT_CREDITS * 1000, M.valorInvalid);
const stock = z
  .number({ error: M.stockInvalid })
  .int(M.stockInvalid)
  .min(-1, M.stockInvalid)
  .max(1_000_000, M.stockInvalid);

/** POST /admin/marketplace. valorCOP defaults to creditos x 1000; stock to -1 (unlimited). */
export const createProductSchema = z.object({
  nombre,
  categoria,
  descripcion: descripcion.default(""),
  imagen: productImageSchema.default(""),
  creditos,
  valorCOP: valorCOP.optional(),
  stock: stock.default(-1),
  destacado: z.boolean().default(false),
  oculto: z.boolean().default(false),
});
export type CreateProductInput = z.input<typeof createProductSchema>;
export type CreateProductData = z.output<typeof createProductSchema>;

/** PUT /admin/marketplace/{id}: any subset of the fields (hide with oculto: true). */
export const updateProductSchema = z
  .object({
    nombre: nombre.optional(),
    categoria: categoria.optional(),
    descripcion: descripcion.optional(),
    imagen: productImageSchema.optional(),
    creditos: creditos.optional(),
    valorCOP: valorCOP.optional(),
    stock: stock.optional(),
    destacado: z.boolean().optional(),
    oculto: z.boolean().optional(),
  })
  .refine((o) => Object.values(o).some((v) => v !== undefined), M.nothingToUpdate);
export type UpdateProductInput = z.input<typeof updateProductSchema>;

export const productSchema = z.object({
  _id: z.string(),
  nombre: z.string(),
  categoria: z.string(),
  descripcion: z.string(),
  imagen: z.string(),
  creditos: z.number().int(),
  valorCOP: z.number().int(),
  stock: z.number().int().describe("-1 = ilimitado"),
  destacado: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const adminProductSchema = productSchema.extend({
  oculto: z.boolean(),
  vendidos: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const productListResponseSchema = z.object({ success: z.literal(true), data: z.array(productSchema) });
export const adminProductResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: adminProductSchema,
});
export const adminProductListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminProductSchema),
  counts: z.object({
    total: z.number().int(),
    visibles: z.number().int(),
    ocultos: z.number().int(),
    agotados: z.number().int(),
  }),
});

export const purchaseSchema = z.object({
  _id: z.string(),
  productoId: z.object({ _id: z.string(), nombre: z.string(), categoria: z.string() }),
  compradorId: z.object({ _id: z.string(), name: z.string(), apellido: z.string(), email: z.string() }),
  creditos: z.number().int(),
  estado: z.enum(PURCHASE_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const buyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    compraId: z.string(),
    estado: z.enum(PURCHASE_STATES),
    creditosRestantes: z.number().int(),
    stock: z.number().int(),
  }),
});
export type BuyResponse = z.infer<typeof buyResponseSchema>;

const counts = z.record(z.string(), z.number().int());
export const purchaseListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(purchaseSchema),
  counts,
  total: z.number().int(),
});
export type PurchaseList = z.infer<typeof purchaseListResponseSchema>;
export const purchaseResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: purchaseSchema });

export const purchaseListQuerySchema = z.object({
  estado: z.enum(PURCHASE_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** PATCH /admin/compras/{id}. */
export const updatePurchaseSchema = z.object({
  estado: z.enum(["entregado", "cancelado"], { error: M.estadoInvalid }),
});
