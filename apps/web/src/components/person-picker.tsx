import { Search, UserRound, X } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { isAuthError } from "../lib/api.ts";
import { findPersonByEmail, type Person } from "../lib/contracts.ts";
import { useSession } from "../lib/session.tsx";
import { errorMessage } from "../lib/utils.ts";
import { Button } from "./ui/button.tsx";
import { Field } from "./ui/field.tsx";
import { Input } from "./ui/input.tsx";

export type { Person };

export interface PersonPickerMessages {
  /** 'Buscar' with the email empty. */
  empty: string;
  /** The email is the signed-in person's own. */
  self: string;
  /** The answer names no account. */
  notFound: string;
  /** A refusal without a message of its own. */
  failed: string;
}

/**
 * The person-by-email picker of the deal forms (lender, recipient, receiver): an email field with
 * 'Buscar' (Enter too) that looks the account up (GET /users/email/{email}), then a chip with the
 * name found and 'Cambiar'. The focus moves to the name found. The email is the form's own state,
 * so the form can clear it.
 *
 * Problems go to `onProblem` (the form shows them with its own) or, without it, under the field.
 * `beforeSelect` runs after the lookup and before the chip appears (e.g. loading the lender's assets);
 * what it throws is shown like a lookup error. `onLookupError` rewords a lookup error.
 */
export function PersonByEmailPicker({
  id,
  label,
  email,
  onEmailChange,
  person,
  onPersonChange,
  messages,
  onProblem,
  onLookupError,
  beforeSelect,
  testId,
  changeLabel,
  optional,
  hint,
  legend,
  children,
}: {
  /** The email input's id. */
  id: string;
  label: string;
  email: string;
  onEmailChange: (email: string) => void;
  person: Person | null;
  onPersonChange: (person: Person | null) => void;
  messages: PersonPickerMessages;
  onProblem?: (message: string | null) => void;
  onLookupError?: (message: string) => string;
  beforeSelect?: (person: Person) => Promise<void>;
  /** data-testid of the name found. */
  testId: string;
  /** aria-label of 'Cambiar', when the button alone is not clear enough. */
  changeLabel?: string;
  optional?: boolean;
  hint?: ReactNode;
  /** Groups the picker under this caption (a fieldset, or a caption over the chip). */
  legend?: string;
  /** More ways to pick, under the email field (e.g. chat contacts). */
  children?: ReactNode;
}) {
  const { user } = useSession();
  const [searching, setSearching] = useState(false);
  const [ownProblem, setOwnProblem] = useState<string | null>(null);
  const problem = (message: string | null) => (onProblem ? onProblem(message) : setOwnProblem(message));
  // After 'Buscar' finds the person, the focus moves to who was found (not to the page body).
  const focusFound = useRef(false);
  const foundRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (person && focusFound.current) {
      focusFound.current = false;
      foundRef.current?.focus();
    }
  }, [person]);

  const search = async () => {
    problem(null);
    const value = email.trim();
    if (!value) {
      problem(messages.empty);
      return;
    }
    setSearching(true);
    try {
      const found = await findPersonByEmail(value, messages.notFound);
      if (found.id === user?._id) {
        problem(messages.self);
        return;
      }
      await beforeSelect?.(found);
      focusFound.current = true;
      onPersonChange(found);
    } catch (e) {
      if (isAuthError(e)) return;
      const message = errorMessage(e, messages.failed);
      problem(onLookupError ? onLookupError(message) : message);
    } finally {
      setSearching(false);
    }
  };

  if (person) {
    const chip = (
      <div className="flex items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-3.5 py-2.5">
        <span className="flex min-w-0 items-center gap-2 font-semibold break-words text-emerald-900">
          <UserRound aria-hidden="true" className="size-4 shrink-0" />
          <span
            data-testid={testId}
            ref={foundRef}
            tabIndex={-1}
            className="rounded outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            {person.name || "Usuario de Valoriza"}
          </span>
        </span>
        <Button variant="ghost" size="sm" onClick={() => onPersonChange(null)} aria-label={changeLabel}>
          <X aria-hidden="true" className="size-4" />
          Cambiar
        </Button>
      </div>
    );
    if (!legend) return chip;
    return (
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-slate-700">{legend}</p>
        {chip}
      </div>
    );
  }

  const field = (
    <Field id={id} label={label} optional={optional} hint={hint} error={ownProblem ?? undefined}>
      {(c) => (
        <div className="flex gap-2">
          <Input
            {...c}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => onEmailChange(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                void search();
              }
            }}
            placeholder="correo@ejemplo.com"
          />
          <Button variant="outline" onClick={() => void search()} loading={searching} loadingText="Buscando…">
            <Search aria-hidden="true" className="size-4" />
            Buscar
          </Button>
        </div>
      )}
    </Field>
  );
  if (!legend)
    return children ? (
      <>
        {field}
        {children}
      </>
    ) : (
      field
    );
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {field}
      {children}
    </fieldset>
  );
}
