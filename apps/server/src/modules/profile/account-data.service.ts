import { randomBytes } from "node:crypto";
import {
  assetTransitionRefusal,
  type Consent,
  DATA_RIGHTS_MSG,
  DEAL_IN_PROGRESS_LABELS,
  DELETED_ACCOUNT_NAME,
  MSG,
  TERMINOS_VERSION,
} from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, conflict, notFound, unauthorized } from "../../lib/errors.ts";
import type { UnitOfWork } from "../../lib/idempotency.ts";
import type { ActivityService } from "../activity/index.ts";
import { type AssetsService, listAssetsOfOwner, lockAsset, toAssetDto, updateAsset } from "../assets/index.ts";
import type { ChatService } from "../chat/index.ts";
import { type DealRow, listDealsOfUser, listHistory } from "../deals/index.ts";
import {
  destroyHold,
  getUserBalances,
  listOpenHolds,
  listUserTransfers,
  lockPersonLimits,
  transfer,
} from "../ledger/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { forgetNotificationsOf, notificationDataOf } from "../push/index.ts";
import { findUserById, hashPassword, type UserRow, updateUser, verifyPassword } from "../users/index.ts";
import { deleteIdentityOf } from "../verification/index.ts";
import { createPasswordThrottle } from "./password-throttle.ts";
import { toProfile } from "./profile.service.ts";

/** The other areas this one reads (and, for a deletion, acts through): only their public services. */
export interface AccountDataPorts {
  assets: AssetsService;
  activity: ActivityService;
  notifications: NotificationsService;
  chat: ChatService;
}

/** The placeholder that frees a deleted account's email: unique, and `.invalid` never receives mail (RFC 2606). */
export const deletedEmail = (userId: string) => `cuenta-eliminada-${userId.toLowerCase()}@eliminada.invalid`;

const consentOf = (u: UserRow): Consent | null =>
  u.consentVersion && u.consentAt ? { version: u.consentVersion, fecha: u.consentAt.toISOString() } : null;

/** Runs a service's unit of work inside a transaction already open (the deletion's one transaction). */
const within =
  <T>(tx: Tx): UnitOfWork<T> =>
  (work) =>
    work(tx, []);

/** The Spanish reason of the 409: one label per kind of deal still running, in a stable order. */
function inProgressReason(openDeals: DealRow[], assetsInOperation: number): string | null {
  const labels = new Set<string>();
  for (const d of openDeals) labels.add(DEAL_IN_PROGRESS_LABELS[d.process] ?? "operaciones en curso");
  if (assetsInOperation > 0 && labels.size === 0) labels.add(DEAL_IN_PROGRESS_LABELS.activo_en_operacion ?? "");
  return labels.size ? DATA_RIGHTS_MSG.dealsInProgress([...labels]) : null;
}

/**
 * Consent and the holder's rights over their data (Ley 1581 de 2012; issue 16 items 5 and 6, ADR 018):
 * accepting the current terms, downloading everything the account holds, and deleting the account.
 */
export function createAccountDataService(deps: AppDeps, ports: AccountDataPorts) {
  const { db, clock } = deps;
  const passwordThrottle = createPasswordThrottle(db, clock);

  async function liveUser(userId: string): Promise<UserRow> {
    const u = await findUserById(db, userId);
    if (!u) throw notFound(MSG.userNotFound);
    if (u.deletedAt) throw unauthorized(MSG.sessionExpired);
    return u;
  }

  return {
    /** Records that the person accepts the current version of the terms (the version and the date). */
    async acceptConsent(userId: string, version: string): Promise<Consent> {
      if (version !== TERMINOS_VERSION) throw badRequest(DATA_RIGHTS_MSG.consentOutdated);
      await liveUser(userId);
      const u = await updateUser(db, userId, { consentVersion: TERMINOS_VERSION, consentAt: clock.now() });
      const c = u ? consentOf(u) : null;
      if (!c) throw notFound(MSG.userNotFound);
      return c;
    },

    /**
     * Everything the account holds, as the person sees it: profile, consents, assets (deactivated
     * included), movements, transactions, credit transfers, deals, chats and notifications. Never
     * the password hash, and no other person's email (other people appear by id and first name).
     */
    async exportData(me: AuthUser) {
      const u = await liveUser(me.id);
      const [profile, assets, movimientos, transacciones, transferencias, deals, chats, notificaciones] =
        await Promise.all([
          toProfile(db, u),
          listAssetsOfOwner(db, u.id),
          ports.activity.myMovements(u.id),
          ports.activity.myTransactions(u.id),
          listUserTransfers(db, u.id, { limit: 1000 }),
          listDealsOfUser(db, u.id),
          ports.chat.listForUser(me, u.id),
          ports.notifications.list(u.id),
        ]);
      const fullChats = await Promise.all(chats.map((c) => ports.chat.get(me, c._id)));
      const negocios = await Promise.all(
        deals.map(async (d) => ({
          _id: d.id,
          proceso: d.process,
          estado: d.state,
          activoId: d.assetId,
          misRoles: Object.entries(d.parties)
            .filter(([, id]) => id === u.id)
            .map(([role]) => role),
          partes: d.parties,
          createdAt: d.createdAt.toISOString(),
          closedAt: d.closedAt ? d.closedAt.toISOString() : null,
          historial: (await listHistory(db, d.id)).map((h) => ({
            transicion: h.transition,
            de: h.fromState,
            a: h.toState,
            rol: h.actorRole,
            fecha: h.createdAt.toISOString(),
          })),
        })),
      );
      const consent = consentOf(u);
      const avisos = await notificationDataOf(db, u.id);
      return {
        generadoEn: clock.now().toISOString(),
        formato: "Valoriza: exportación de datos personales (Ley 1581 de 2012)",
        perfil: profile,
        consentimientos: consent ? [consent] : [],
        activos: assets.map((a) => toAssetDto(a)),
        movimientos,
        transacciones,
        transferenciasDeCreditos: transferencias.map((t) => ({
          _id: t.id,
          tipo: t.kind,
          descripcion: t.description,
          valor: t.amount,
          cuenta: t.accountKind,
          saldoPosterior: t.balanceAfter,
          referencia: t.refType ? { tipo: t.refType, id: t.refId } : null,
          createdAt: t.createdAt.toISOString(),
        })),
        negocios,
        chats: fullChats,
        notificaciones,
        preferenciasDeNotificaciones: avisos.preferencias,
        dispositivosPush: avisos.dispositivos,
      };
    },

    /**
     * Deletes the account (issue 16 item 6), in ONE transaction: refused (409) while any deal of the
     * person is running; otherwise every listed asset is deactivated through the assets area (its
     * blocked credits destroyed by the usual rule), every other open hold is destroyed and the
     * spendable credits go to `destruccion` through the ledger (the report stays balanced), the
     * personal data is erased (name 'Cuenta eliminada', email freed), sessions end (token version +
     * 1) and sign-in is refused. Ledger rows stay. Wrong password: 400, as the password change.
     */
    async deleteAccount(me: AuthUser, password: string): Promise<void> {
      await passwordThrottle.check(me.id);
      const u = await liveUser(me.id);
      if (!(await verifyPassword(u.passwordHash, password))) {
        await passwordThrottle.failed(me.id);
        throw badRequest(DATA_RIGHTS_MSG.deletePasswordWrong);
      }
      // No password can ever match this hash (a random secret nobody keeps), computed outside the transaction.
      const unusableHash = await hashPassword(randomBytes(32).toString("base64url"));
      const refuseIfBusy = async (tx: Tx) => {
        const open = await listDealsOfUser(tx, u.id, { openOnly: true, limit: 100 });
        const mine = await listAssetsOfOwner(tx, u.id);
        const reason = inProgressReason(open, mine.filter((a) => a.status === "operacion").length);
        if (reason) throw conflict(reason);
        return mine;
      };
      await db.transaction(async (tx) => {
        // The person's limits lock (ADR 015): a registration of theirs running now ends before, or waits.
        await lockPersonLimits(tx, u.id);
        // Then the person's row: a concurrent password change or second deletion waits here.
        const locked = await updateUser(tx, u.id, {});
        if (!locked || locked.deletedAt) throw unauthorized(MSG.sessionExpired);
        const mine = await refuseIfBusy(tx);
        const actor: AuthUser = { id: u.id, email: locked.email, isAdmin: false };
        for (const a of mine) {
          if (a.status === "desactivado") continue;
          if (assetTransitionRefusal(a, "desactivar") === null) {
            // The usual path: its hold destroyed, its movement and notification recorded.
            await ports.assets.deactivate(actor, a.id, within(tx));
          } else {
            // Already used (its credits were released before): unlisted; what it released is spendable
            // and destroyed below with the rest.
            const row = await lockAsset(tx, a.id);
            if (row && row.status !== "desactivado") await updateAsset(tx, a.id, { status: "desactivado" });
          }
        }
        for (const h of await listOpenHolds(tx, u.id)) {
          await destroyHold(tx, {
            refType: h.refType,
            refId: h.refId,
            actorUserId: u.id,
            description: "Cierre de cuenta: créditos bloqueados destruidos",
          });
        }
        const { creditosDisponibles } = await getUserBalances(tx, u.id);
        if (creditosDisponibles > 0) {
          await transfer(tx, {
            from: { userId: u.id, kind: "disponible" },
            to: { system: "destruccion" },
            amount: creditosDisponibles,
            kind: "destruccion",
            refType: "cuenta",
            refId: u.id,
            actorUserId: u.id,
            description: "Cierre de cuenta: créditos disponibles destruidos",
          });
        }
        // A deal another person opened with them meanwhile (READ COMMITTED: this statement sees it).
        await refuseIfBusy(tx);
        // Push subscriptions (browser endpoints), notification preferences and pending deliveries (issue 20).
        await forgetNotificationsOf(tx, u.id);
        // The identity document and selfie (issue 17, ADR 021): sensitive data, gone with the account.
        await deleteIdentityOf(tx, u.id);
        await updateUser(tx, u.id, {
          name: DELETED_ACCOUNT_NAME,
          apellido: "",
          email: deletedEmail(u.id),
          passwordHash: unusableHash,
          pais: "",
          ciudad: "",
          departamento: "",
          telefono: "",
          sexo: "no_especificar",
          fechaNacimiento: "",
          visibility: "privado",
          description: "",
          redes: { facebook: "", instagram: "", linkedin: "" },
          verified: false,
          isAdmin: false,
          emailVerifiedAt: null,
          tokenVersion: locked.tokenVersion + 1,
          deletedAt: clock.now(),
        });
      });
      await passwordThrottle.succeeded(me.id);
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
