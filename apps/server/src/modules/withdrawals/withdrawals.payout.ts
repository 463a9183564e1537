import type { WithdrawalMethod } from "@valoriza/domain";
import type { WithdrawalDestination } from "../../db/schema/index.ts";

/**
 * How a withdrawal's money leaves Valoriza (ADR 011). The approval of a
 * withdrawal asks the configured provider to pay it and stores the reference it
 * answers; nothing else in the area knows which provider runs.
 *
 * `manual` (the default): an admin transfers the money by hand (the bank's or
 * wallet's own app) and types the transfer's reference on the desk; the
 * provider just checks it was given.
 *
 * A real provider plugs in by implementing `PayoutProvider` and being chosen in
 * app wiring instead of `manualPayout`:
 * - Wompi "Pagos a Terceros": `pay` creates a payout (POST /payouts with the
 *   bank id, account type and number, the holder's name and document, amount in
 *   cents, our withdrawal id as the idempotent reference) and answers
 *   `{ status: 'en_proceso', referencia: <payout id> }`; Wompi's webhook (or a
 *   poll) later confirms it and the desk's 'aprobado' is applied by the system
 *   with that reference (or 'rechazado', returning the credits).
 * - Nequi "Dispersiones": the same with the phone number as destination.
 * The destination stored is exactly what such a call needs (phone; or bank,
 * type, number, holder and holder's document), and only until the withdrawal is
 * final: then only the method and the last 4 digits remain.
 */
export interface PayoutRequest {
  withdrawalId: string;
  metodo: WithdrawalMethod;
  valorCOP: number;
  destino: WithdrawalDestination;
  /** What the admin typed (the manual provider's reference). */
  referencia?: string;
}

export type PayoutResult =
  | { status: "pagado"; referencia: string }
  | { status: "en_proceso"; referencia: string }
  | { status: "fallido"; motivo: string };

export interface PayoutProvider {
  readonly name: string;
  pay(req: PayoutRequest): Promise<PayoutResult>;
}

export const manualPayout: PayoutProvider = {
  name: "manual",
  async pay(req) {
    const ref = req.referencia?.trim();
    if (!ref) return { status: "fallido", motivo: "Para aprobar un retiro ingresa la referencia del pago" };
    return { status: "pagado", referencia: ref };
  },
};
