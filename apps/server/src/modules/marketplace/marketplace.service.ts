import {
  type AdminProduct,
  type CreateProductData,
  type CreateProductInput,
  createProductSchema,
  MARKETPLACE_MSG,
  type Product,
  PURCHASE_PROCESS,
  type Purchase,
  type PurchaseState,
  TASA_CAMBIO_COP,
  type UpdateProductInput,
} from "@valoriza/domain";
import type { Db, Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { notFound } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import { uuidv7 } from "../../lib/ids.ts";
import type { DealsEngine } from "../deals/index.ts";
import { type PurchaseData, purchaseHandlers } from "./marketplace.process.ts";
import {
  findProduct,
  findPurchaseView,
  insertProduct,
  insertPurchase,
  listAllProducts,
  listPurchaseViews,
  listVisibleProducts,
  type ProductRow,
  type PurchaseView,
  updateProduct,
} from "./marketplace.repository.ts";

export const toProductDto = (p: ProductRow): Product => ({
  _id: p.id,
  nombre: p.nombre,
  categoria: p.categoria,
  descripcion: p.descripcion,
  imagen: p.imagen,
  creditos: p.creditos,
  valorCOP: p.valorCOP,
  stock: p.stock,
  destacado: p.destacado,
});

export const toAdminProductDto = (p: ProductRow): AdminProduct => ({
  ...toProductDto(p),
  oculto: p.oculto,
  vendidos: p.vendidos,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export const toPurchaseDto = (v: PurchaseView): Purchase => ({
  _id: v.p.id,
  productoId: { _id: v.p.productId, nombre: v.productNombre, categoria: v.productCategoria },
  compradorId: { _id: v.p.buyerId, name: v.buyerName, apellido: v.buyerApellido, email: v.buyerEmail },
  creditos: v.p.creditos,
  estado: v.p.estado as PurchaseState,
  createdAt: v.p.createdAt.toISOString(),
  updatedAt: v.p.updatedAt.toISOString(),
});

export interface Bought {
  compraId: string;
  nombre: string;
  estado: PurchaseState;
  creditosRestantes: number;
  stock: number;
}

/** Demo data and scripts: inserts products (validated by the admin's schema) in one transaction. */
export async function insertProducts(db: Db, clock: Clock, items: CreateProductInput[]): Promise<number> {
  await db.transaction(async (tx) => {
    for (const [i, raw] of items.entries()) {
      const d = createProductSchema.parse(raw);
      const now = new Date(clock.now().getTime() + i);
      await insertProduct(tx, {
        id: uuidv7(now.getTime()),
        ...d,
        valorCOP: d.valorCOP ?? d.creditos * TASA_CAMBIO_COP,
        createdAt: now,
        updatedAt: now,
      });
    }
  });
  return items.length;
}

export function createMarketplaceService({ db, clock }: AppDeps, engine: DealsEngine) {
  engine.register(PURCHASE_PROCESS, purchaseHandlers);
  const plain = plainUnitOfWork(db);

  async function viewOrThrow(tx: Tx, id: string): Promise<Purchase> {
    const v = await findPurchaseView(tx, id);
    if (!v) throw notFound(MARKETPLACE_MSG.purchaseNotFound);
    return toPurchaseDto(v);
  }

  return {
    async list(): Promise<Product[]> {
      return (await listVisibleProducts(db)).map(toProductDto);
    },

    /** POST /marketplace/{id}/comprar: pay disponible -> tienda and take one unit, in one transaction. */
    async buy(user: AuthUser, productId: string, uow: UnitOfWork<Bought> = plain): Promise<Bought> {
      return uow(async (tx) => {
        const out = await engine.startDetached<PurchaseData>(tx, {
          process: PURCHASE_PROCESS.name,
          transition: "comprar",
          parties: { comprador: user.id },
          actor: { user },
          build: async (t, deal) => {
            const product = await findProduct(t, productId);
            if (!product || product.oculto) throw notFound(MARKETPLACE_MSG.notFound);
            return {
              nombre: product.nombre,
              purchase: {
                id: deal.id,
                productId,
                buyerId: user.id,
                creditos: product.creditos,
                estado: "pendiente",
                createdAt: deal.now,
                updatedAt: deal.now,
              },
            };
          },
          save: async (t, _deal, built) => ({ ...built, purchase: await insertPurchase(t, built.purchase) }),
        });
        return {
          compraId: out.deal.id,
          nombre: out.data.nombre,
          estado: out.deal.state as PurchaseState,
          creditosRestantes: out.result.creditosRestantes ?? 0,
          stock: out.result.stock ?? -1,
        };
      });
    },

    // ---- admin operations: run inside the admin service's transaction (it logs them) ----

    async listAll(): Promise<AdminProduct[]> {
      return (await listAllProducts(db)).map(toAdminProductDto);
    },

    async createProduct(tx: Tx, data: CreateProductData): Promise<AdminProduct> {
      const now = clock.now();
      const p = await insertProduct(tx, {
        id: uuidv7(now.getTime()),
        nombre: data.nombre,
        categoria: data.categoria,
        descripcion: data.descripcion,
        imagen: data.imagen,
        creditos: data.creditos,
        valorCOP: data.valorCOP ?? data.creditos * TASA_CAMBIO_COP,
        stock: data.stock,
        destacado: data.destacado,
        oculto: data.oculto,
        createdAt: now,
        updatedAt: now,
      });
      return toAdminProductDto(p);
    },

    async updateProduct(tx: Tx, id: string, patch: UpdateProductInput): Promise<AdminProduct> {
      const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const p = await updateProduct(tx, id, { ...clean, updatedAt: clock.now() });
      if (!p) throw notFound(MARKETPLACE_MSG.notFound);
      return toAdminProductDto(p);
    },

    listPurchases(f: { estado?: PurchaseState; limit: number; offset: number }) {
      return listPurchaseViews(db, f).then((r) => ({ ...r, rows: r.rows.map(toPurchaseDto) }));
    },

    /** PATCH /admin/compras/{id}: entregado or cancelado (refund + unit back), through the engine. */
    async resolvePurchase(
      tx: Tx,
      admin: AuthUser,
      id: string,
      estado: "entregado" | "cancelado",
    ): Promise<{ purchase: Purchase; applied: boolean }> {
      const out = await engine.apply(tx, {
        dealId: id,
        transition: estado === "entregado" ? "entregar" : "cancelar",
        actor: { user: admin },
        process: PURCHASE_PROCESS.name,
        messages: { notFound: MARKETPLACE_MSG.purchaseNotFound },
      });
      return { purchase: await viewOrThrow(tx, id), applied: out.applied };
    },
  };
}

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;
