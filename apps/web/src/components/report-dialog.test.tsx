import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  window.localStorage.setItem("token", "t-ana");
  window.localStorage.setItem("user", JSON.stringify({ _id: "me", name: "Ana", email: "ana@example.com" }));
});

import { SessionProvider } from "../lib/session.tsx";
import { useCurrentToast } from "../lib/toast.ts";
import { ReportDialog } from "./report-dialog.tsx";

function ToastText() {
  const t = useCurrentToast();
  return t ? <p data-testid="toast">{t.title}</p> : null;
}

function renderDialog(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <ReportDialog tipo="activo" objetivoId="a1" what="Publicación “Bicicleta”" onClose={onClose} />
        <ToastText />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

const answer = (body: unknown, status: number) => {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
};

describe("ReportDialog", () => {
  it("asks for the motive, then sends motive and description and thanks the person", async () => {
    const fetch = answer({ success: true, message: "Gracias, revisaremos tu reporte.", data: {} }, 201);
    const onClose = renderDialog();
    fireEvent.click(screen.getByRole("button", { name: "Enviar reporte" }));
    expect(await screen.findByText("Elige el motivo del reporte")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Motivo"), { target: { value: "fraude" } });
    expect(screen.queryByText("Elige el motivo del reporte")).toBeNull();
    fireEvent.change(screen.getByLabelText(/Descripción/), { target: { value: "  Pide pago por fuera  " } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar reporte" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByTestId("toast").textContent).toBe("Gracias, revisaremos tu reporte.");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/reportes");
    expect(JSON.parse(String(init.body))).toEqual({
      tipo: "activo",
      objetivoId: "a1",
      motivo: "fraude",
      descripcion: "Pide pago por fuera",
    });
  });

  it("a repeat report (409) is told as the server says it, and the dialog closes", async () => {
    answer({ success: false, message: "Ya reportaste esto y lo estamos revisando. Gracias por avisarnos." }, 409);
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText("Motivo"), { target: { value: "spam" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar reporte" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByTestId("toast").textContent).toBe(
      "Ya reportaste esto y lo estamos revisando. Gracias por avisarnos.",
    );
  });
});
