import type { Chat as ChatDto } from "@valoriza/domain";
import { describe, expect, it } from "vitest";
import { chatView, otherParticipant } from "./api.ts";

const message = (id: string, emisorId: string) => ({ _id: id, emisorId, texto: `hola ${id}`, fecha: "2026-11-26" });
const chat: ChatDto = {
  _id: "c1",
  activoId: "a1",
  activoTitulo: "Bicicleta",
  participantes: [
    { _id: "u1", name: "Ana" },
    { _id: "u2", name: "Beto" },
  ],
  mensajes: [message("m1", "u1"), message("m2", "u2")],
  totalMensajes: 2,
  noLeidos: 1,
  ultimoMensaje: message("m2", "u2"),
  actualizadoEn: "2026-11-26",
};

describe("chatView", () => {
  it("gives the pages ids for _ids and keeps the counts", () => {
    const view = chatView(chat);
    expect(view.id).toBe("c1");
    expect(view.mensajes.map((m) => m.id)).toEqual(["m1", "m2"]);
    expect(view.ultimoMensaje).toEqual({ id: "m2", emisorId: "u2", texto: "hola m2", fecha: "2026-11-26" });
    expect(view).toMatchObject({ activoTitulo: "Bicicleta", totalMensajes: 2, noLeidos: 1 });
    expect(otherParticipant(view, "u1")).toEqual({ id: "u2", name: "Beto" });
  });

  it("has no last message for an empty chat", () => {
    expect(chatView({ ...chat, mensajes: [], totalMensajes: 0, ultimoMensaje: null }).ultimoMensaje).toBeNull();
  });
});
