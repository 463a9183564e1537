import { describe, expect, it } from "vitest";
import { EXCHANGE_PROCESS, LOCAL_EXCHANGE_PROCESS } from "../exchanges/process.ts";
import { PURCHASE_PROCESS } from "../marketplace/process.ts";
import { REVIEW_PROCESS } from "../reviews/process.ts";
import { WITHDRAWAL_PROCESS } from "../withdrawals/process.ts";
import type { CustodyFields, DisputeFields } from "./custody.templates.ts";
import { CUSTODY_PROCESS } from "./custody.ts";
import { DONATION_PROCESS } from "./donation.ts";
import { type EffectSpec, effectProblems, renderText, type Templates } from "./effects.ts";
import type { LoanFields } from "./loan.templates.ts";
import { LOAN_PROCESS } from "./loan.ts";
import { LOAN_COLLATERAL_PROCESS } from "./loan-collateral.ts";
import { type ProcessSpec, validateProcess } from "./process.ts";
import { periodText, type RentalFields } from "./rental.templates.ts";
import { RENTAL_PROCESS } from "./rental.ts";

const TABLES: ProcessSpec[] = [
  CUSTODY_PROCESS,
  LOAN_PROCESS,
  LOAN_COLLATERAL_PROCESS,
  RENTAL_PROCESS,
  DONATION_PROCESS,
  EXCHANGE_PROCESS,
  LOCAL_EXCHANGE_PROCESS,
  PURCHASE_PROCESS,
  WITHDRAWAL_PROCESS,
  REVIEW_PROCESS,
];

/** Renders every text of a template set with `fields` (a broken template throws or leaks a placeholder). */
function renderAll(templates: Templates, fields: object): string[] {
  const out: string[] = [];
  for (const t of Object.values(templates)) {
    const titulos = typeof t.titulo === "object" ? Object.values(t.titulo) : [t.titulo];
    for (const titulo of titulos) if (titulo !== undefined) out.push(renderText(titulo, fields));
    for (const text of Object.values(t.texto)) if (text !== undefined) out.push(renderText(text, fields));
  }
  return out;
}

describe("effects as data (ADR 026)", () => {
  it("fills {field} placeholders, calls functions, and refuses a field the deal does not have", () => {
    expect(renderText('Pago por "{titulo}" ({transition})', { titulo: "Bici", transition: "comprar" })).toBe(
      'Pago por "Bici" (comprar)',
    );
    expect(renderText((v: { n: number }) => `${v.n + 1}`, { n: 1 })).toBe("2");
    expect(() => renderText("{nada}", {})).toThrow("plantilla: campo desconocido nada");
  });

  it("every table's effects and templates are sound, and each configured effect is used", () => {
    for (const p of TABLES) expect([p.name, validateProcess(p)]).toEqual([p.name, []]);
  });

  it("refuses an unknown kind, an unknown role, a missing template and a template silent to a role it tells", () => {
    const templates: Templates = { pedir: { titulo: "T", texto: { a: "hola" } } };
    const check = (spec: EffectSpec) => effectProblems("fx", "pedir", spec, ["a", "b"], templates);
    expect(check({ kind: "magia" } as unknown as EffectSpec)).toEqual(["pedir.fx: tipo de efecto desconocido magia"]);
    expect(check({ kind: "ledger.escrowPay", from: "c", amount: "x", description: "" })).toEqual([
      "pedir.fx: rol desconocido c",
    ]);
    expect(check({ kind: "notify", tipo: "t", relacionado: "activo", template: "otra" })).toEqual([
      "pedir.fx: plantilla desconocida otra",
    ]);
    expect(check({ kind: "notify", tipo: "t", relacionado: "activo", to: ["a", "b"] })).toEqual([
      "pedir.fx: la plantilla pedir no tiene texto para b",
    ]);
    expect(check({ kind: "activity", movimiento: "m", transaccion: null })).toEqual([]);
  });

  it("a configured effect that no transition names is reported", () => {
    const p: ProcessSpec = {
      ...PURCHASE_PROCESS,
      effects: { ...PURCHASE_PROCESS.effects, sobra: { kind: "asset.reserve" } },
    };
    expect(validateProcess(p)).toEqual(["efecto configurado sin usar: sobra"]);
  });
});

describe("templates (the texts the parties read)", () => {
  it("custody: a sale in credits and its confirmation, word for word", () => {
    const v: CustodyFields & DisputeFields = {
      abrioOferente: false,
      motivoTexto: "No coincide",
      nota: "Revisado",
      titulo: "Bici",
      pago: 1200,
      pagaEnCreditos: true,
      montoCOP: 0,
      montoTexto: "$ 0",
      liberados: 300,
      enRevision: 0,
      transfiere: true,
      movimiento: "venta",
      transaccion: "venta",
      assetId: "a",
    };
    const t = CUSTODY_PROCESS.templates;
    expect(renderText(t.comprar.texto.receptor, v)).toBe(
      'Compraste "Bici": 1.200 créditos quedan en custodia hasta que confirmes la entrega con el código.',
    );
    expect(renderText(t.confirmar.texto.oferente, v)).toBe(
      'Se confirmó la entrega de "Bici": recibiste 1.200 créditos y se liberaron 300 créditos del activo.',
    );
    expect(t.confirmar.valor.oferente(v)).toBe(1500);
    expect(renderText(t.liberar.texto.receptor, v)).toBe(
      'El equipo de Valoriza resolvió la disputa de "Bici": la entrega queda confirmada y el activo ya es tuyo: lo ves en Mis Activos. Nota del equipo: Revisado',
    );
    expect(renderText(t.expirar.texto.receptor, v)).toBe(
      'La custodia de "Bici" venció sin confirmarse (7 días). Te devolvimos 1.200 créditos.',
    );
  });

  it("loans: the collateral adds its sentence to each party's text", () => {
    const v: LoanFields = {
      titulo: "Carpa",
      plazoDias: 7,
      garantia: 0,
      interes: 50,
      liberados: 0,
      garantiaActivo: "Bici",
      garantiaDealId: "d",
      garantiaActivoId: "c",
      destruidos: 0,
      vence: "3/12/2026",
      avisoNuevo: true,
      assetId: "a",
    };
    const t = LOAN_PROCESS.templates;
    expect(renderText(t.aprobar.texto.prestatario, v)).toBe(
      'Se aprobó tu préstamo de "Carpa". Interés en custodia: 50 créditos. Tu activo "Bici" queda reservado como garantía hasta la devolución.',
    );
    expect(renderText(t.recordarDevolucion.texto.prestatario, v)).toBe(
      "Tu préstamo vence el 3/12/2026. Recuerda devolver el activo a tiempo.",
    );
    expect(renderText(t.solicitar.texto.prestamista, { ...v, garantiaActivo: null })).toBe(
      'Recibiste una solicitud de préstamo de "Carpa" por 7 días.',
    );
  });

  it("rentals: the period as the screens write it", () => {
    // es-CO short months (the ICU data decides between '1 dic 2026' and '1 de dic de 2026').
    expect(periodText({ startDate: "2026-12-01", endDate: "2026-12-03" })).toMatch(
      /^del 1 .*dic.* 2026 al 3 .*dic.* 2026$/,
    );
    const v: RentalFields = {
      titulo: "Carpa",
      periodo: periodText({ startDate: "2026-12-01", endDate: "2026-12-01" }),
      dias: 1,
      total: 0,
      liberados: 0,
      assetId: "a",
    };
    expect(renderText(RENTAL_PROCESS.templates.reservar.texto.arrendatario, v)).toMatch(
      /^Reservaste "Carpa" el 1 .*dic.*2026 \(1 día\)\.$/,
    );
  });

  it("every template of every table renders with plausible fields, no placeholder left", () => {
    const fields = {
      titulo: "Bici",
      nombre: "Camiseta",
      creditos: 10,
      cop: 1000,
      monto: 10,
      valorCOP: 1000,
      via: "Nequi (••••4567)",
      referencia: "R1",
      motivo: null,
      comunitaria: false,
      liberados: 0,
      movimiento: "venta",
      transaccion: "venta",
      assetId: "a",
      ofrecido: "Bici",
      solicitado: "Carpa",
      adicionales: 5,
      hayAdicionales: true,
      local: true,
      offeredAssetId: "o",
      requestedAssetId: "r",
      to: "cerrada",
      periodo: "el 1 dic 2026",
      dias: 1,
      total: 5,
      plazoDias: 7,
      garantia: 5,
      interes: 1,
      garantiaActivo: null,
      garantiaDealId: null,
      destruidos: 0,
      vence: "1/12/2026",
      avisoNuevo: true,
      pago: 5,
      pagaEnCreditos: true,
      montoCOP: 0,
      montoTexto: "$ 0",
      enRevision: 0,
      transfiere: true,
      abrioOferente: true,
      motivoTexto: "No coincide",
      nota: "Revisado",
      nombreA: "Ana",
      nombreB: "Beto",
      sobre: ' por "Bici"',
      diasRestantes: 3,
      puntuacionA: 5,
      puntuacionB: 4,
    };
    for (const p of TABLES) {
      for (const text of renderAll(p.templates ?? {}, fields)) {
        expect(text.length).toBeGreaterThan(0);
        expect(text).not.toMatch(/\{\w+\}|undefined|NaN/);
      }
    }
  });
});
