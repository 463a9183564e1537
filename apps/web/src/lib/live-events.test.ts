import { describe, expect, it } from "vitest";
import { rootsForEvent } from "./live-events.ts";

describe("rootsForEvent", () => {
  it("maps each live hint to the queries it refreshes", () => {
    expect(rootsForEvent('{"tipo":"notificacion"}')).toEqual(["notifications"]);
    expect(rootsForEvent('{"tipo":"chat"}')).toEqual(["chats"]);
    expect(rootsForEvent('{"tipo":"saldo"}')).toContain("wallet");
    expect(rootsForEvent('{"tipo":"sincronizar"}')).toEqual(
      expect.arrayContaining(["notifications", "chats", "saldo"]),
    );
  });

  it("refreshes nothing for an unknown or malformed event", () => {
    expect(rootsForEvent('{"tipo":"otro"}')).toEqual([]);
    expect(rootsForEvent('{"tipo":1}')).toEqual([]);
    expect(rootsForEvent("no es json")).toEqual([]);
  });
});
