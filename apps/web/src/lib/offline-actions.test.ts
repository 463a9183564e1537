import { afterEach, describe, expect, it, vi } from "vitest";
import { disableNetworkActions, OFFLINE_ACTION_HINT } from "./offline-actions.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = "";
});

describe("disableNetworkActions (offline)", () => {
  it("disables what needs the network with the explanation, keeps the rest, and gives it all back", () => {
    document.body.innerHTML = `
      <form id="f"><button id="send" type="submit" data-needs-network>Enviar</button></form>
      <button id="own" data-needs-network title="Guardar en favoritos">♥</button>
      <button id="menu">Menú</button>
      <button id="busy" data-needs-network disabled>Enviando…</button>`;
    const restore = disableNetworkActions(() => {});
    const send = document.getElementById("send") as HTMLButtonElement;
    const own = document.getElementById("own") as HTMLButtonElement;
    expect(send.getAttribute("aria-disabled")).toBe("true");
    expect(send.title).toBe(OFFLINE_ACTION_HINT);
    expect(own.title).toBe(OFFLINE_ACTION_HINT);
    expect(document.getElementById("menu")?.hasAttribute("aria-disabled")).toBe(false);
    // Already disabled (pending): left as it is.
    expect(document.getElementById("busy")?.hasAttribute("aria-disabled")).toBe(false);

    restore();
    expect(send.hasAttribute("aria-disabled")).toBe(false);
    expect(send.hasAttribute("title")).toBe(false);
    expect(own.title).toBe("Guardar en favoritos");
  });

  it("a click does nothing but explain: no handler runs, no form is sent", () => {
    document.body.innerHTML = `<form id="f"><button id="send" type="submit" data-needs-network>Enviar</button></form>`;
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const onClick = vi.fn();
    document.getElementById("f")?.addEventListener("submit", onSubmit);
    document.getElementById("send")?.addEventListener("click", onClick);
    const onBlocked = vi.fn();
    const restore = disableNetworkActions(onBlocked);
    document.getElementById("send")?.click();
    expect(onBlocked).toHaveBeenCalledTimes(1);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    restore();
    document.getElementById("send")?.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("actions that appear while offline are disabled too", async () => {
    const restore = disableNetworkActions(() => {});
    const later = document.createElement("button");
    later.setAttribute("data-needs-network", "");
    document.body.append(later);
    await tick();
    expect(later.getAttribute("aria-disabled")).toBe("true");
    restore();
  });
});
