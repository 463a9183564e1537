import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

// A signed-in person before the session module reads the storage.
vi.hoisted(() => {
  window.localStorage.setItem("token", "t-ana");
  window.localStorage.setItem("user", JSON.stringify({ _id: "u1", name: "Ana", email: "ana@example.com" }));
});

import { SessionProvider } from "../lib/session.tsx";
import { BlockPersonButton } from "./block-person-button.tsx";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function shell(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
}

describe("BlockPersonButton", () => {
  let blocked: string[];
  let calls: string[];
  beforeEach(() => {
    blocked = [];
    calls = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push(`${init.method ?? "GET"} ${url}`);
        if (url === "/api/bloqueos") {
          return json({
            success: true,
            data: blocked.map((id) => ({ _id: id, name: "Beto", apellido: "", createdAt: "" })),
          });
        }
        if (init.method === "POST") blocked.push("u2");
        if (init.method === "DELETE") blocked = [];
        return json({ success: true, message: "ok", data: {} });
      }),
    );
  });

  it("asks first, says what a block does, blocks, then offers to unblock", async () => {
    render(shell(<BlockPersonButton personId="u2" name="Beto" />));
    fireEvent.click(await screen.findByRole("button", { name: "Bloquear a Beto" }));
    const dialog = await screen.findByRole("dialog", { name: "¿Bloquear a Beto?" });
    expect(dialog.textContent).toContain("Las operaciones que ya tienen en curso siguen hasta terminar.");
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Bloquear" }));
    await waitFor(() => expect(calls).toContain("POST /api/bloqueos/u2"));
    await screen.findByRole("button", { name: "Desbloquear a Beto" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("cancelling changes nothing", async () => {
    render(shell(<BlockPersonButton personId="u2" name="Beto" />));
    fireEvent.click(await screen.findByRole("button", { name: "Bloquear a Beto" }));
    await screen.findByRole("dialog");
    fireEvent.click(screen.getAllByRole("button", { name: "Cancelar" })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => !c.startsWith("GET"))).toEqual([]);
  });

  it("renders nothing when hidden (one's own asset)", () => {
    const { container } = render(shell(<BlockPersonButton personId="u2" name="Beto" hidden />));
    expect(container.textContent).toBe("");
  });
});
