import { assetFormDefaults, currentYearInColombia } from "@valoriza/domain";
import { describe, expect, it } from "vitest";
import type { PickedImage } from "./images.ts";
import { initialWizardState, type WizardState, wizardReducer } from "./wizard-state.ts";

const image = (id: string): PickedImage => ({
  id,
  name: `${id}.jpg`,
  preview: `blob:${id}`,
  status: "ready",
  progress: 1,
  dataUrl: "data:image/jpeg;base64,AA==",
});

describe("initialWizardState", () => {
  it("starts at the type step, or at the action step when the type came in the link", () => {
    expect(initialWizardState(null)).toMatchObject({ step: "type", type: null, action: null, noticeOpen: false });
    expect(initialWizardState("tiempo")).toMatchObject({ step: "action", type: "tiempo" });
  });

  it("fills the goods form with the domain's defaults (this year in Colombia)", () => {
    const defaults = assetFormDefaults(currentYearInColombia());
    const { goods, time, images, submissionKey } = initialWizardState("bienes");
    expect(goods.condition).toBe(defaults.condition);
    expect(goods.physicalState).toBe(defaults.physicalState);
    expect(goods.yearOfPurchase).toBe(String(defaults.yearOfPurchase));
    expect(time.horas).toBe("1");
    expect(images).toEqual([]);
    expect(submissionKey).toBeNull();
  });
});

describe("wizardReducer", () => {
  const start = (): WizardState =>
    wizardReducer(initialWizardState("bienes"), { kind: "selectAction", action: "vender" });

  it("asks the action again when another type is chosen, not when the same one is", () => {
    const s = start();
    expect(s.action).toBe("vender");
    expect(wizardReducer(s, { kind: "selectType", type: "bienes" })).toBe(s);
    expect(wizardReducer(s, { kind: "selectType", type: "dinero" })).toMatchObject({ type: "dinero", action: null });
  });

  it("'Calcular Valor' keeps the values and opens the notice; going back only keeps them", () => {
    const goods = { ...start().goods, title: "Bicicleta", baseValueCOP: "500000" };
    const calculated = wizardReducer(start(), { kind: "saveGoods", values: goods, calculate: true });
    expect(calculated).toMatchObject({ goods, noticeOpen: true });
    const back = wizardReducer(start(), { kind: "saveGoods", values: goods, calculate: false });
    expect(back).toMatchObject({ goods, noticeOpen: false });
    const time = { tipo: "clases", horas: "3", especializado: true, descripcion: "" };
    expect(wizardReducer(start(), { kind: "saveTime", values: time, calculate: true })).toMatchObject({
      time,
      noticeOpen: true,
    });
    const money = { monto: "100000", tipo: "", descripcion: "" } as const;
    expect(wizardReducer(start(), { kind: "saveMoney", values: money, calculate: false }).money).toEqual(money);
  });

  it("confirming the notice opens the confirmation card with its submission key; 'Editar' drops the key", () => {
    let s = wizardReducer(start(), { kind: "saveGoods", values: start().goods, calculate: true });
    s = wizardReducer(s, { kind: "confirmNotice", submissionKey: "key-1" });
    expect(s).toMatchObject({ step: "confirm", noticeOpen: false, submissionKey: "key-1" });
    s = wizardReducer(s, { kind: "edit" });
    expect(s).toMatchObject({ step: "details", submissionKey: null });
  });

  it("closing the notice or moving to a step closes the notice", () => {
    const open = wizardReducer(start(), { kind: "saveGoods", values: start().goods, calculate: true });
    expect(wizardReducer(open, { kind: "closeNotice" }).noticeOpen).toBe(false);
    expect(wizardReducer(open, { kind: "goTo", step: "details" })).toMatchObject({
      step: "details",
      noticeOpen: false,
    });
  });

  it("updates the photos from the previous list", () => {
    let s = wizardReducer(start(), { kind: "images", update: (prev) => [...prev, image("a"), image("b")] });
    s = wizardReducer(s, { kind: "images", update: (prev) => prev.filter((p) => p.id !== "a") });
    expect(s.images.map((p) => p.id)).toEqual(["b"]);
  });
});
