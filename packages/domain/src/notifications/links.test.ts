import { describe, expect, it } from "vitest";
import { notificationLink } from "./links.ts";

describe("notificationLink", () => {
  it("follows the spec for assets, proposals and plain transactions", () => {
    expect(notificationLink({ tipo: "creditos_emitidos", relacionadoTipo: "activo", relacionadoId: "a1" })).toBe(
      "/ver-activo/a1",
    );
    expect(notificationLink({ tipo: "intercambio_recibida", relacionadoTipo: "propuesta", relacionadoId: "p1" })).toBe(
      "/intercambiar?propuesta=p1",
    );
    expect(notificationLink({ tipo: "otro", relacionadoTipo: "transaccion", relacionadoId: "t1" })).toBe("/perfil");
    expect(notificationLink({ tipo: "general", relacionadoTipo: null, relacionadoId: null })).toBeNull();
  });

  it("sends deal notifications to their own area", () => {
    const deal = (tipo: string) => notificationLink({ tipo, relacionadoTipo: "transaccion", relacionadoId: "d1" });
    expect(deal("custodia_confirmar")).toBe("/custodia");
    expect(deal("compra_tienda_entregado")).toBe("/mi-actividad");
    expect(deal("retiro_aprobado")).toBe("/retiros");
    expect(deal("prestamo_recordatorio")).toBe("/prestar");
    expect(deal("prestamista")).toBe("/perfil");
  });

  it("opens the conversation of a chat message", () => {
    expect(notificationLink({ tipo: "chat_mensaje", relacionadoTipo: null, relacionadoId: "c1" })).toBe(
      "/mensajes?chat=c1",
    );
    expect(notificationLink({ tipo: "chat_mensaje", relacionadoTipo: null, relacionadoId: null })).toBe("/mensajes");
  });
});
