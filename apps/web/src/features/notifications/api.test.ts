import type { NotificationContract } from "@valoriza/domain";
import { describe, expect, it } from "vitest";
import { notificationTarget, notificationView, unreadBadge } from "./api.ts";

const row: NotificationContract = {
  _id: "n1",
  titulo: "Nueva propuesta",
  descripcion: "Ana te propone un intercambio",
  fecha: "2026-11-26T12:00:00.000Z",
  leida: false,
  relacionadoId: "p1",
  relacionadoTipo: "propuesta",
  enlace: null,
};

describe("notificationView", () => {
  it("keeps the contract's fields with id for _id, and leads where the type says", () => {
    const n = notificationView(row);
    expect(n).toMatchObject({ id: "n1", titulo: "Nueva propuesta", leida: false, relacionadoId: "p1" });
    expect(notificationTarget(n)).toBe("/intercambiar?propuesta=p1");
  });

  it("follows the server's link only when it is a path of this site", () => {
    expect(notificationTarget(notificationView({ ...row, enlace: "/prestar?prestamo=l1" }))).toBe(
      "/prestar?prestamo=l1",
    );
    for (const enlace of ["//evil.example/x", "https://evil.example/x", "javascript:alert(1)"]) {
      expect(notificationView({ ...row, enlace }).enlace).toBeNull();
    }
  });

  it("names an untitled notification and reads a missing related id as none", () => {
    const n = notificationView({ ...row, titulo: "", relacionadoId: null, relacionadoTipo: "activo" });
    expect(n.titulo).toBe("Notificación");
    expect(notificationTarget(n)).toBeNull();
  });
});

describe("unreadBadge", () => {
  it("caps the badge at 99+", () => {
    expect(unreadBadge(7)).toBe("7");
    expect(unreadBadge(100)).toBe("99+");
  });
});
