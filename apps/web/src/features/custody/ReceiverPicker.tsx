import { DEALS_MSG } from "@valoriza/domain";
import { type Person, PersonByEmailPicker } from "../../components/person-picker.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";

const MESSAGES = {
  empty: "Escribe el correo de quien recibe",
  self: DEALS_MSG.receiverIsYou,
  notFound: "No encontramos una cuenta con ese correo electrónico",
  failed: DEALS_MSG.receiverNotFound,
};

/**
 * The receiver: found by email with the shared picker (GET /users/email/{email}) or picked among my
 * chat contacts, never typed as an id. The email is the form's state, so the form empties it.
 */
export function ReceiverPicker({
  email,
  onEmailChange,
  receiver,
  onReceiver,
  contacts,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  receiver: Person | null;
  onReceiver: (person: Person | null) => void;
  contacts: Person[];
}) {
  return (
    <PersonByEmailPicker
      id="custody-receiver-email"
      label="Correo de quien recibe"
      legend="Receptor"
      email={email}
      onEmailChange={onEmailChange}
      person={receiver}
      onPersonChange={onReceiver}
      messages={MESSAGES}
      testId="custody-receiver"
      changeLabel="Cambiar receptor"
    >
      {contacts.length > 0 ? (
        <Field id="custody-receiver-chat" label="O elige a alguien de tus chats">
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
    </PersonByEmailPicker>
  );
}
