import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  window.localStorage.setItem("token", "t-ana");
  window.localStorage.setItem("user", JSON.stringify({ _id: "me", name: "Ana", email: "ana@example.com" }));
});

import { SessionProvider } from "../lib/session.tsx";
import { type Person, PersonByEmailPicker, type PersonPickerMessages } from "./person-picker.tsx";

const MESSAGES: PersonPickerMessages = {
  empty: "Escribe el correo de quien recibe",
  self: "No puedes elegirte a ti",
  notFound: "No encontramos una cuenta con ese correo electrónico",
  failed: "No pudimos buscar",
};

function Harness(props: { beforeSelect?: (p: Person) => Promise<void>; withProblem?: boolean }) {
  const [email, setEmail] = useState("");
  const [person, setPerson] = useState<Person | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <SessionProvider>
      <PersonByEmailPicker
        id="who"
        label="Correo del destinatario"
        email={email}
        onEmailChange={setEmail}
        person={person}
        onPersonChange={setPerson}
        messages={MESSAGES}
        testId="picked"
        {...(props.withProblem ? { onProblem: setProblem } : {})}
        {...(props.beforeSelect ? { beforeSelect: props.beforeSelect } : {})}
      />
      {problem ? <p data-testid="form-problem">{problem}</p> : null}
    </SessionProvider>
  );
}

/** GET /users/email/{email} as its contract (userLookupResponseSchema) documents it. */
const found = (id: string, name: string) => ({ success: true, _id: id, name, data: { _id: id, name } });

const answer = (body: unknown, status = 200) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

function search(email: string) {
  fireEvent.change(screen.getByLabelText("Correo del destinatario"), { target: { value: email } });
  fireEvent.keyDown(screen.getByLabelText("Correo del destinatario"), { key: "Enter" });
}

describe("PersonByEmailPicker", () => {
  it("finds the person, shows the name with the focus on it, and 'Cambiar' goes back to the email", async () => {
    answer(found("u2", "Beto"));
    render(<Harness />);
    search("beto@example.com");
    const picked = await screen.findByTestId("picked");
    expect(picked.textContent).toBe("Beto");
    await waitFor(() => expect(document.activeElement).toBe(picked));
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe("/api/users/email/beto%40example.com");
    act(() => screen.getByRole("button", { name: "Cambiar" }).click());
    expect((screen.getByLabelText("Correo del destinatario") as HTMLInputElement).value).toBe("beto@example.com");
  });

  it("says so under the field: empty email, one's own email, no such account", async () => {
    render(<Harness />);
    search("  ");
    expect(await screen.findByText(MESSAGES.empty)).toBeTruthy();
    answer(found("me", "Ana"));
    search("ana@example.com");
    expect(await screen.findByText(MESSAGES.self)).toBeTruthy();
    answer({ message: "Usuario no encontrado" }, 404);
    search("nadie@example.com");
    expect(await screen.findByText("Usuario no encontrado")).toBeTruthy();
    answer(found("", ""));
    search("raro@example.com");
    expect(await screen.findByText(MESSAGES.notFound)).toBeTruthy();
    expect(screen.queryByTestId("picked")).toBeNull();
  });

  it("hands problems to the form when asked, and waits for beforeSelect", async () => {
    answer(found("u2", "Beto"));
    const beforeSelect = vi.fn(async () => {
      throw new Error("No pudimos cargar sus activos");
    });
    render(<Harness withProblem beforeSelect={beforeSelect} />);
    search("beto@example.com");
    expect((await screen.findByTestId("form-problem")).textContent).toBe("No pudimos cargar sus activos");
    expect(beforeSelect).toHaveBeenCalledWith({ id: "u2", name: "Beto" });
    expect(screen.queryByTestId("picked")).toBeNull();
  });
});
