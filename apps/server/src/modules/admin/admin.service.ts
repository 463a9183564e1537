import type {
  AdminAction,
  AdminLogEntry,
  AdminProduct,
  AdminWithdrawal,
  CreateProductData,
  Purchase,
  PurchaseState,
  UpdateProductInput,
  WithdrawalMethod,
  WithdrawalState,
} from "@valoriza/domain";
import { formatNumber } from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { forbidden } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import type { MarketplaceService } from "../marketplace/index.ts";
import type { WithdrawalsService } from "../withdrawals/index.ts";
import { listAdminActions, recordAdminAction } from "./admin.repository.ts";

/**
 * The admin's desk (issue 11): products, purchases to fulfil, withdrawals to pay.
 * Every write runs in ONE transaction with its log row (who, what, when), so an
 * action is in the log exactly when it happened; a repeated transition (already
 * applied) logs nothing.
 */
export function createAdminService(
  { db, clock }: AppDeps,
  market: MarketplaceService,
  withdrawals: WithdrawalsService,
) {
  const plain = plainUnitOfWork(db);
  const must = (u: AuthUser) => {
    if (!u.isAdmin) throw forbidden();
  };
  const log = (tx: Tx, admin: AuthUser, accion: AdminAction, objetoTipo: string, objetoId: string, detalle: string) =>
    recordAdminAction(tx, { adminId: admin.id, accion, objetoTipo, objetoId, detalle, createdAt: clock.now() });
  const fmt = (n: number) => formatNumber(n);

  return {
    async createProduct(admin: AuthUser, data: CreateProductData, uow: UnitOfWork<AdminProduct> = plain) {
      must(admin);
      return uow(async (tx) => {
        const p = await market.createProduct(tx, data);
        await log(
          tx,
          admin,
          "producto_creado",
          "producto",
          p._id,
          `${p.nombre}: ${fmt(p.creditos)} créditos, stock ${p.stock === -1 ? "ilimitado" : fmt(p.stock)}`,
        );
        return p;
      });
    },

    async updateProduct(admin: AuthUser, id: string, patch: UpdateProductInput, uow: UnitOfWork<AdminProduct> = plain) {
      must(admin);
      return uow(async (tx) => {
        const p = await market.updateProduct(tx, id, patch);
        const fields = Object.entries(patch)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => (k === "imagen" ? "imagen" : `${k}: ${String(v)}`))
          .join(", ");
        await log(tx, admin, "producto_editado", "producto", p._id, `${p.nombre} (${fields})`);
        return p;
      });
    },

    listProducts(admin: AuthUser) {
      must(admin);
      return market.listAll();
    },

    listPurchases(admin: AuthUser, f: { estado?: PurchaseState; limit: number; offset: number }) {
      must(admin);
      return market.listPurchases(f);
    },

    async resolvePurchase(
      admin: AuthUser,
      id: string,
      estado: "entregado" | "cancelado",
      uow: UnitOfWork<Purchase> = plain,
    ): Promise<Purchase> {
      must(admin);
      return uow(async (tx) => {
        const r = await market.resolvePurchase(tx, admin, id, estado);
        if (r.applied) {
          const p = r.purchase;
          await log(
            tx,
            admin,
            estado === "entregado" ? "compra_entregada" : "compra_cancelada",
            "compra",
            id,
            `${p.productoId.nombre} para ${p.compradorId.email}${estado === "cancelado" ? `: ${fmt(p.creditos)} créditos devueltos` : ""}`,
          );
        }
        return r.purchase;
      });
    },

    listWithdrawals(
      admin: AuthUser,
      f: { estado?: WithdrawalState; metodo?: WithdrawalMethod; limit: number; offset: number },
    ) {
      must(admin);
      return withdrawals.list(f);
    },

    async resolveWithdrawal(
      admin: AuthUser,
      id: string,
      body: { estado: "aprobado" | "rechazado"; referencia?: string; motivo?: string },
      uow: UnitOfWork<AdminWithdrawal> = plain,
    ): Promise<AdminWithdrawal> {
      must(admin);
      return uow(async (tx) => {
        const r = await withdrawals.resolve(tx, admin, id, body.estado, {
          referencia: body.referencia,
          motivo: body.motivo,
        });
        if (r.applied) {
          const w = r.retiro;
          await log(
            tx,
            admin,
            body.estado === "aprobado" ? "retiro_aprobado" : "retiro_rechazado",
            "retiro",
            id,
            `${fmt(w.monto)} créditos de ${w.usuario.email} a ${w.destino}${
              body.estado === "aprobado" ? ` (referencia ${w.referencia ?? ""})` : w.motivo ? ` (${w.motivo})` : ""
            }`,
          );
        }
        return r.retiro;
      });
    },

    async log(admin: AuthUser, f: { accion?: AdminAction; limit: number; offset: number }) {
      must(admin);
      const r = await listAdminActions(db, f);
      const data: AdminLogEntry[] = r.rows.map((x) => ({
        _id: String(x.a.id),
        admin: { _id: x.a.adminId, name: x.name, email: x.email },
        accion: x.a.accion as AdminAction,
        objetoTipo: x.a.objetoTipo,
        objetoId: x.a.objetoId,
        detalle: x.a.detalle,
        createdAt: x.a.createdAt.toISOString(),
      }));
      return { data, total: r.total };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
