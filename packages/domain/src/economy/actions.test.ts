import { describe, expect, it } from "vitest";
import {
  ACTIONS_MATRIX,
  type ActionAvailability,
  actionsResponse,
  availableActions,
  isActionAllowed,
} from "./actions.ts";

describe("actions matrix (overview §9)", () => {
  it("bienes: every action", () => {
    expect(availableActions("bienes")).toEqual({
      vender: true,
      intercambiar: true,
      prestar: true,
      alquilar: true,
      donar: true,
      regalar: true,
    });
  });

  it("tiempo: everything but prestar", () => {
    expect(availableActions("tiempo")).toEqual({
      vender: true,
      intercambiar: true,
      prestar: false,
      alquilar: true,
      donar: true,
      regalar: true,
    });
  });

  it("dinero: only prestar, donar and regalar", () => {
    expect(availableActions("dinero")).toEqual({
      vender: false,
      intercambiar: false,
      prestar: true,
      alquilar: false,
      donar: true,
      regalar: true,
    });
  });

  it("accepts the stored name 'bien' like the wizard's 'bienes'", () => {
    expect(availableActions("bien")).toEqual(availableActions("bienes"));
  });

  it("returns a copy: changing it does not change the matrix", () => {
    const a = availableActions("dinero");
    a.vender = true;
    expect(availableActions("dinero").vender).toBe(false);
    expect(ACTIONS_MATRIX.dinero.vender).toBe(false);
  });

  it("rejects an unknown type", () => {
    expect(() => availableActions("casas" as never)).toThrow(RangeError);
  });

  it("isActionAllowed is true only for a matrix 'true'", () => {
    expect(isActionAllowed("dinero", "prestar")).toBe(true);
    expect(isActionAllowed("dinero", "vender")).toBe(false);
    expect(isActionAllowed("tiempo", "prestar")).toBe(false);
    expect(isActionAllowed("bienes", "alquilar")).toBe(true);
    expect(isActionAllowed("bien", "volar")).toBe(false);
    expect(isActionAllowed("nada" as never, "vender")).toBe(false);
  });

  it("'compensacion' is a possible availability value", () => {
    const v: ActionAvailability = "compensacion";
    expect(v).toBe("compensacion");
  });

  it("builds the GET /api/actions/{type} body", () => {
    expect(actionsResponse("tiempo")).toEqual({
      success: true,
      type: "tiempo",
      availableActions: availableActions("tiempo"),
    });
  });
});
