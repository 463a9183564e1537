/**
 * Reusable effects as data (issue 18 item 1, ADR 026). A process table configures, under `effects`,
 * the library effects its transitions name: move credits through the ledger, reserve / release /
 * transfer an asset, notify parties with a template, record their activity, drive a sub-process.
 * The texts are templates over the deal's fields (`templates`, in the domain package next to the
 * table). An effect a transition names that the table does not configure is a custom effect of the
 * area's handlers (the escape hatch for what is truly specific). Everything here is pure.
 */
import { formatNumber } from "../economy/format.ts";

/**
 * A text over the deal's fields: a string whose `{field}` placeholders are filled from them
 * (e.g. 'Pago en custodia por "{titulo}"'), or a function of the fields for texts with conditions.
 */
// biome-ignore lint/suspicious/noExplicitAny: each table types its own fields; the engine passes them through.
export type Text<V = any> = string | ((v: V) => string);

/** What the parties read after a transition: a notification and their activity rows. */
// biome-ignore lint/suspicious/noExplicitAny: as Text.
export interface MessageTemplate<V = any> {
  /** One title for every party, or one per role (e.g. naming the other party). */
  titulo: Text<V> | Readonly<Partial<Record<string, Text<V>>>>;
  /** What each party reads, by role, in the order they are told (a role not listed is not told). */
  texto: Readonly<Partial<Record<string, Text<V>>>>;
  /** The credits on each party's activity row (+ received, − paid); default 0. */
  valor?: Readonly<Partial<Record<string, (v: V) => number>>>;
}

// biome-ignore lint/suspicious/noExplicitAny: as Text.
export type Templates<V = any> = Readonly<Record<string, MessageTemplate<V>>>;

/** A template's title as `role` reads it. */
export function tituloOf<V>(t: MessageTemplate<V>, role: string): Text<V> {
  if (typeof t.titulo !== "object") return t.titulo;
  const x = t.titulo[role];
  if (x === undefined) throw new Error(`plantilla: sin título para ${role}`);
  return x;
}

/** Settings every effect may take. */
interface Common {
  /** A boolean field of the deal: the effect does nothing when it is false. */
  when?: string;
}

/** Settings of the message effects (notify, activity). */
interface Lines {
  template?: string;
  to?: readonly string[];
  /** A boolean field per role: a role whose field is false is skipped (e.g. only who has not reviewed). */
  whenRole?: Readonly<Record<string, string>>;
}

/** The ledger reference of escrow and blocked credits; default: the process name and the deal's id. */
interface Ref {
  ref?: string;
}

/** The platform's desks a deal pays into (economy.md: the shop and withdrawals). */
export type Desk = "tienda" | "retiros";

export type EffectSpec =
  /** Moves `amount` (a numeric field) from `from`'s available credits into escrow. Nothing when ≤ 0. */
  | ({ kind: "ledger.escrowPay"; from: string; amount: string; description: Text } & Ref & Common)
  /** Pays the escrow out to `to`; `result` names the figure the caller gets back (e.g. pagoCreditos). */
  | ({ kind: "ledger.escrowRelease"; to: string; amount: string; description: Text; result?: string } & Ref & Common)
  /** Gives the escrow back to `to`. */
  | ({ kind: "ledger.escrowRefund"; to: string; amount: string; description: Text } & Ref & Common)
  /** Blocks `amount` of `from`'s available credits as a guarantee under the deal's reference. */
  | ({ kind: "ledger.block"; from: string; amount: string; description: Text } & Ref & Common)
  /** Releases the deal's blocked guarantee to whoever blocked it. */
  | ({ kind: "ledger.unblock"; description: Text } & Ref & Common)
  /** Hands the deal's blocked guarantee to `to`. */
  | ({ kind: "ledger.execute"; to: string; description: Text } & Ref & Common)
  /**
   * Pays `amount` of `from`'s available credits to a desk of the platform (tienda: a shop purchase,
   * retiros: a withdrawal), under the deal's id; `result` names the payer's available credits after.
   */
  | ({ kind: "ledger.deskPay"; desk: Desk; from: string; amount: string; description: Text; result?: string } & Common)
  /** The desk gives `amount` back to `to` (a cancelled purchase, a rejected withdrawal); `result` as deskPay. */
  | ({ kind: "ledger.deskRefund"; desk: Desk; to: string; amount: string; description: Text; result?: string } & Common)
  /** The asset goes into the deal (operacion); nothing if it already is. */
  | ({ kind: "asset.reserve" } & Common)
  /** The asset leaves the deal (back to listed), if it is in one; `unlessOtherDeals`: only when no other deal holds it. */
  | ({ kind: "asset.release"; unlessOtherDeals?: boolean } & Common)
  /** Releases the credits the asset still blocks to its owner (creditosLiberados), counts a use, estadoCredito liberado. */
  | ({ kind: "asset.releaseHold"; description: Text } & Common)
  /**
   * Destroys the credits the asset still blocks (issued to its owner, never released: e.g. a collateral
   * handed to the lender), estadoCredito liberado; `result` names the figure handed back.
   */
  | ({ kind: "asset.destroyHold"; description: Text; result?: string } & Common)
  /**
   * A barter: the assets whose ids are the fields `a` and `b` change owners, `a` to the party `aTo`
   * and `b` to `bTo`; each releases the credits it still blocks to whom gave it (`description` over
   * the fields plus that asset's `titulo`; creditosLiberados the sum), counts a use, and is the new
   * owner's disponible and unlisted (privado) until they publish it.
   */
  | ({ kind: "asset.swap"; a: string; aTo: string; b: string; bTo: string; description: Text } & Common)
  /** The asset changes owner to the party `to`, unlisted (privado) until they publish it. */
  | ({ kind: "asset.transfer"; to: string } & Common)
  /**
   * Notifies the parties of a template (default the transition's: '{transition}'), each with its text.
   * `tipo` (placeholders allowed, or one per role) and `relacionado` (the deal, or its asset for 'activo',
   * or for 'padre' the parent deal with no type: the bell links by the `tipo`) say where the bell leads.
   */
  | ({
      kind: "notify";
      tipo: string | Readonly<Record<string, string>>;
      relacionado: "transaccion" | "activo" | "propuesta" | "padre";
    } & Lines &
      Common)
  /**
   * Records a movement (and a transaction unless `transaccion` is null) for each party of a template,
   * with its text and value. `cop`/`creditos` name numeric fields (default 0 / the value's size),
   * `conTitulo` writes the transaction as 'titulo: text', `activo` names the field of the asset id.
   */
  | ({
      kind: "activity";
      movimiento: string;
      transaccion: string | null;
      cop?: string;
      creditos?: string;
      conTitulo?: boolean;
      activo?: string;
      /** The transaction's asset per role (e.g. the asset each party received), instead of `activo`. */
      activoTransaccion?: Readonly<Record<string, string>>;
    } & Lines &
      Common)
  /**
   * Starts the deal's sub-process `process` by its `transition` about the asset whose id is the field
   * `asset` (nothing when it is null), as the step's actor, with the parent's parties of the
   * sub-process's roles; the parent's handlers `link` its deal id to the record. An asset gone since
   * (missing, deactivated, hidden) refuses the step with 409 and `gone`.
   */
  | ({ kind: "subprocess.start"; process: string; transition: string; asset: string; gone: string } & Common)
  /** Applies `transition` (as the system) to the deal's sub-process of `process` whose id is the field `deal`, if any. */
  | ({ kind: "subprocess"; process: string; transition: string; deal: string } & Common);

export type EffectKind = EffectSpec["kind"];

export const EFFECT_KINDS = [
  "ledger.escrowPay",
  "ledger.escrowRelease",
  "ledger.escrowRefund",
  "ledger.block",
  "ledger.unblock",
  "ledger.execute",
  "ledger.deskPay",
  "ledger.deskRefund",
  "asset.reserve",
  "asset.release",
  "asset.releaseHold",
  "asset.destroyHold",
  "asset.transfer",
  "asset.swap",
  "notify",
  "activity",
  "subprocess",
  "subprocess.start",
] as const satisfies readonly EffectKind[];

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills a text's `{field}` placeholders (or calls it) with the deal's fields; a missing field throws. */
export function renderText<V extends object>(t: Text<V>, v: V): string {
  if (typeof t === "function") return t(v);
  return t.replace(PLACEHOLDER, (_, name: string) => {
    if (!(name in v)) throw new Error(`plantilla: campo desconocido ${name}`);
    return String((v as Record<string, unknown>)[name]);
  });
}

/** The template key an effect uses in `transition` ('{transition}' by default). */
export function templateKey(spec: { template?: string }, transition: string): string {
  return (spec.template ?? "{transition}").replace("{transition}", transition);
}

/** The roles a message effect tells: its own list, else the template's, in order. */
export function templateRoles(spec: { to?: readonly string[] }, t: MessageTemplate): string[] {
  return [...(spec.to ?? Object.keys(t.texto))];
}

/** es-CO thousands (1.234.567): how the texts write credits. */
export const fmtCreditos = (n: number): string => formatNumber(n);

/**
 * Checks a configured effect used by `transition` of a process with `roles` and `templates`
 * (validateProcess calls it): a known kind, known roles, and the templates it reads exist and speak
 * to those roles.
 */
export function effectProblems(
  name: string,
  transition: string,
  spec: EffectSpec,
  roles: readonly string[],
  templates: Templates | undefined,
): string[] {
  const problems: string[] = [];
  const where = `${transition}.${name}`;
  if (!(EFFECT_KINDS as readonly string[]).includes(spec.kind))
    return [`${where}: tipo de efecto desconocido ${spec.kind}`];
  const role = (r: string) => {
    if (!roles.includes(r)) problems.push(`${where}: rol desconocido ${r}`);
  };
  if ("from" in spec) role(spec.from);
  if ("to" in spec && typeof spec.to === "string") role(spec.to);
  if (spec.kind === "asset.swap") for (const r of [spec.aTo, spec.bTo]) role(r);
  if (spec.kind === "notify" || spec.kind === "activity") {
    const key = templateKey(spec, transition);
    const t = templates?.[key];
    if (!t) problems.push(`${where}: plantilla desconocida ${key}`);
    else {
      for (const r of templateRoles(spec, t)) {
        role(r);
        if (t.texto[r] === undefined) problems.push(`${where}: la plantilla ${key} no tiene texto para ${r}`);
        if (typeof t.titulo === "object" && t.titulo[r] === undefined)
          problems.push(`${where}: la plantilla ${key} no tiene título para ${r}`);
      }
    }
    for (const r of Object.keys(spec.whenRole ?? {})) role(r);
    if (spec.kind === "notify" && typeof spec.tipo !== "string") for (const r of Object.keys(spec.tipo)) role(r);
    if (spec.kind === "activity") for (const r of Object.keys(spec.activoTransaccion ?? {})) role(r);
  }
  return problems;
}
