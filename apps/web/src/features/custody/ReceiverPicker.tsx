import { DEALS_MSG } from "@valoriza/domain";
import { Search, UserRound, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { isAuthError } from "../../lib/api.ts";
import { useSession } from "../../lib/session.tsx";
import { errorMessage } from "../../lib/utils.ts";
import { type Contact, findUserByEmail } from "./api.ts";

/** The receiver: found by email (GET /users/email/{email}) or picked among my chat contacts, never typed as an id. */
export function ReceiverPicker({
  receiver,
  onReceiver,
  contacts,
}: {
  receiver: Contact | null;
  onReceiver: (contact: Contact | null) => void;
  contacts: Contact[];
}) {
  const { user } = useSession();
  const [email, setEmail] = useState("");
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  // After 'Buscar' finds the person, the focus moves to who was found (not to the page body).
  const focusFound = useRef(false);
  const foundRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (receiver && focusFound.current) {
      focusFound.current = false;
      foundRef.current?.focus();
    }
  }, [receiver]);

  const search = async () => {
    const value = email.trim();
    setProblem(null);
    if (!value) {
      setProblem("Escribe el correo de quien recibe");
      return;
    }
    setSearching(true);
    try {
      const found = await findUserByEmail(value);
      if (found.id === user?._id) setProblem(DEALS_MSG.receiverIsYou);
      else {
        focusFound.current = true;
        onReceiver(found);
      }
    } catch (e) {
      if (!isAuthError(e)) setProblem(errorMessage(e, DEALS_MSG.receiverNotFound));
    } finally {
      setSearching(false);
    }
  };

  if (receiver) {
    return (
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-slate-700">Receptor</p>
        <div className="flex items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-3.5 py-2.5">
          <span className="flex min-w-0 items-center gap-2 font-semibold break-words text-emerald-900">
            <UserRound aria-hidden="true" className="size-4 shrink-0" />
            <span
              data-testid="custody-receiver"
              ref={foundRef}
              tabIndex={-1}
              className="rounded outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
            >
              {receiver.name || "Usuario de Valoriza"}
            </span>
          </span>
          <Button variant="ghost" size="sm" onClick={() => onReceiver(null)} aria-label="Cambiar receptor">
            <X aria-hidden="true" className="size-4" />
            Cambiar
          </Button>
        </div>
      </div>
    );
  }

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-slate-700">Receptor</legend>
      <Field id={`${id}-email`} label="Correo de quien recibe" error={problem ?? undefined}>
        {(c) => (
          <div className="flex gap-2">
            <Input
              {...c}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
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
      {contacts.length > 0 ? (
        <Field id={`${id}-chat`} label="O elige a alguien de tus chats">
          {(c) => (
            <NativeSelect
              {...c}
              value=""
              onChange={(e) => {
                const picked = contacts.find((p) => p.id === e.target.value);
                if (picked) onReceiver(picked);
              }}
            >
              <option value="">Selecciona un contacto</option>
              {contacts.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name || "Usuario de Valoriza"}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      ) : null}
    </fieldset>
  );
}
