import { CUSTODY_TRANSACTION_TYPES, type CustodyTransactionType, DEALS_MSG } from "@valoriza/domain";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { isAuthError } from "../../lib/api.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { type Contact, type CustodyView, useAssignCustody, useChatContacts, useMyListedAssets } from "./api.ts";
import { TYPE_LABELS } from "./labels.ts";
import { ReceiverPicker } from "./ReceiverPicker.tsx";

/** Create a custody: one of my listed assets, the receiver, the kind of deal and notes; shows the code. */
export function CreateCustodyForm() {
  const assets = useMyListedAssets();
  const contacts = useChatContacts();
  const assign = useAssignCustody();
  const [assetId, setAssetId] = useState("");
  const [receiver, setReceiver] = useState<Contact | null>(null);
  const [tipo, setTipo] = useState<CustodyTransactionType>("venta");
  const [notas, setNotas] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CustodyView | null>(null);
  // A new key empties the receiver picker (its email field) after each custody created.
  const [pickerKey, setPickerKey] = useState(0);
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!assetId || !receiver) {
      setError(DEALS_MSG.custodyFieldsRequired);
      return;
    }
    const body = { assetId, receptorId: receiver.id, tipoTransaccion: tipo, notas: notas.trim() };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
    try {
      const result = await assign.mutateAsync({ ...body, idempotencyKey: attempt.current.key });
      attempt.current = null;
      setCreated(result.custodia);
      setAssetId("");
      setReceiver(null);
      setPickerKey((k) => k + 1);
      setNotas("");
      toast({ title: "Custodia creada", description: result.message || DEALS_MSG.custodyCreated, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      attempt.current = null;
      toast({ title: DEALS_MSG.custodyCreateFailed, description: errorMessage(e, ""), variant: "error" });
    }
  };

  const list = assets.data ?? [];
  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="crear-custodia-title" className="grid gap-4">
        <h2 id="crear-custodia-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShieldCheck aria-hidden="true" className="size-5 text-emerald-700" />
          Crear custodia
        </h2>
        <Field
          id="custody-asset"
          label="Activo"
          hint={
            assets.isError
              ? "No pudimos cargar tus activos."
              : assets.data && list.length === 0
                ? "No tienes activos disponibles para entregar."
                : undefined
          }
        >
          {(c) => (
            <NativeSelect {...c} value={assetId} onChange={(e) => setAssetId(e.target.value)}>
              <option value="">{assets.isPending ? "Cargando tus activos…" : "Selecciona uno de tus activos"}</option>
              {list.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <ReceiverPicker key={pickerKey} receiver={receiver} onReceiver={setReceiver} contacts={contacts.data ?? []} />
        <Field id="custody-type" label="Tipo de transacción">
          {(c) => (
            <NativeSelect {...c} value={tipo} onChange={(e) => setTipo(e.target.value as CustodyTransactionType)}>
              {CUSTODY_TRANSACTION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id="custody-notes" label="Notas" optional>
          {(c) => (
            <Textarea
              {...c}
              rows={3}
              maxLength={500}
              value={notas}
              onChange={(e) => setNotas(e.target.value)}
              placeholder="Ej: Entrega en la portería el sábado"
            />
          )}
        </Field>
        {error ? <Alert>{error}</Alert> : null}
        <Button type="submit" loading={assign.isPending} loadingText="Creando…">
          Crear custodia
        </Button>
        {created?.codigoConfirmacion ? (
          <Alert variant="success" title="Código de confirmación">
            <p>
              Dale este código a {created.receptor.name || "quien recibe"} cuando le entregues "{created.assetTitle}":{" "}
              <strong className="font-mono text-base tracking-widest" data-testid="created-code">
                {created.codigoConfirmacion}
              </strong>
            </p>
          </Alert>
        ) : null}
      </form>
    </Card>
  );
}
