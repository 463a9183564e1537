import {
  CODE_LENGTH,
  CUSTODY_TRANSACTION_TYPES,
  type CustodyTransactionType,
  DEALS_MSG,
  formatCOP,
} from "@valoriza/domain";
import { KeyRound, PackageCheck, RefreshCw, Search, ShieldCheck, UserRound, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { PersonLink } from "../../components/person-link.tsx";
import { RequireSession } from "../../components/require-session.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isAuthError } from "../../lib/api.ts";
import { assetPath } from "../../lib/assets.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import {
  type Contact,
  type CustodyView,
  findUserByEmail,
  useAssignCustody,
  useCancelCustody,
  useChatContacts,
  useConfirmCustody,
  useMyCustodies,
  useMyListedAssets,
} from "./api.ts";

const TYPE_LABELS: Record<string, string> = {
  venta: "Venta",
  intercambio: "Intercambio",
  prestamo: "Préstamo",
  alquiler: "Alquiler",
};
const STATE_META: Record<string, { label: string; tone: BadgeTone }> = {
  pendiente: { label: "Pendiente", tone: "warning" },
  confirmada: { label: "Confirmada", tone: "brand" },
  cancelada: { label: "Cancelada", tone: "neutral" },
};

/** /custodia (overview §2 Custody): create a custody, confirm a delivery with its code, and my custodies. */
export function CustodyPage() {
  useDocumentTitle("Custodia");
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Custodia</h1>
        <p className="mt-1 text-slate-600">
          Entrega un activo con un código de confirmación: quien lo recibe escribe el código y los créditos en custodia
          se liberan.
        </p>
      </header>
      <RequireSession message="Inicia sesión para ver y gestionar tus custodias.">
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <CreateCustodyForm />
          <ConfirmCustodyForm />
        </div>
        <CustodyList />
      </RequireSession>
    </div>
  );
}

function CreateCustodyForm() {
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

/** The receiver: found by email (GET /users/email/{email}) or picked among my chat contacts, never typed as an id. */
function ReceiverPicker({
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

function ConfirmCustodyForm() {
  const confirm = useConfirmCustody();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const attempt = useRef<{ key: string; code: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    const value = code.trim();
    if (!value) {
      setError(DEALS_MSG.custodyCodeRequired);
      return;
    }
    if (attempt.current?.code !== value) attempt.current = { key: newIdempotencyKey(), code: value };
    try {
      const result = await confirm.mutateAsync({ code: value, idempotencyKey: attempt.current.key });
      attempt.current = null;
      setCode("");
      const c = result.custodia;
      // Only what the receiver's confirmation did: the seller's asset credits may wait in review (ADR 015).
      const line = c
        ? `Recibiste "${c.assetTitle}".${
            c.pagoCreditos > 0
              ? ` Tu pago de ${c.pagoCreditos.toLocaleString("es-CO")} créditos pasó a ${c.oferente.name || "quien entregó"}.`
              : ""
          }`
        : result.message || DEALS_MSG.custodyConfirmed;
      setDone(line);
      toast({ title: DEALS_MSG.custodyConfirmed, description: line, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      attempt.current = null;
      toast({ title: DEALS_MSG.custodyConfirmFailed, description: errorMessage(e, ""), variant: "error" });
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-labelledby="confirmar-entrega-title"
        className="grid gap-4"
      >
        <h2 id="confirmar-entrega-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <KeyRound aria-hidden="true" className="size-5 text-emerald-700" />
          Confirmar entrega
        </h2>
        <p className="text-sm text-slate-600">
          ¿Ya recibiste el activo? Escribe el código de {CODE_LENGTH} dígitos que te dio quien lo entregó.
        </p>
        <Field id="custody-code" label="Código de confirmación" error={error ?? undefined}>
          {(c) => (
            <Input
              {...c}
              value={code}
              onChange={(e) => setCode(e.target.value.slice(0, CODE_LENGTH))}
              maxLength={CODE_LENGTH}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              className="font-mono tracking-widest"
            />
          )}
        </Field>
        <Button type="submit" loading={confirm.isPending} loadingText="Confirmando…">
          <PackageCheck aria-hidden="true" className="size-4" />
          Confirmar entrega
        </Button>
        {done ? <Alert variant="success">{done}</Alert> : null}
      </form>
    </Card>
  );
}

function CustodyList() {
  const custodies = useMyCustodies();
  const list = custodies.data ?? [];
  return (
    <section aria-labelledby="mis-custodias-title" className="flex flex-col gap-4">
      <h2 id="mis-custodias-title" className="text-lg font-semibold text-slate-900">
        Mis Custodias
      </h2>
      {custodies.isPending && custodies.fetchStatus !== "idle" ? (
        <div role="status" aria-label="Cargando tus custodias" className="grid gap-3">
          <Skeleton className="h-28 rounded-2xl" />
          <Skeleton className="h-28 rounded-2xl" />
        </div>
      ) : custodies.isError ? (
        <Alert title="No pudimos cargar tus custodias">
          <p>{errorMessage(custodies.error, "Intenta de nuevo en unos momentos.")}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void custodies.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Reintentar
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
          Aún no tienes custodias.
        </p>
      ) : (
        <ul className="grid gap-3">
          {list.map((c) => (
            <li key={c.id}>
              <CustodyCard custody={c} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CustodyCard({ custody }: { custody: CustodyView }) {
  const cancel = useCancelCustody();
  const key = useRef<string | null>(null);
  const state = STATE_META[custody.estado] ?? { label: custody.estado || "—", tone: "neutral" as BadgeTone };
  const pending = custody.estado === "pendiente";
  const iOffer = custody.miRol === "oferente";
  // What this card's reader has at stake: a cash sale's price; while pending, the credits blocked for
  // them (the offerer: what confirming pays them; the buyer: their own payment); nothing once closed.
  const blocked = iOffer ? custody.creditosBloqueados : custody.pagoCreditos;
  const amount =
    custody.modoPago === "dinero"
      ? { label: "Precio en dinero", value: formatCOP(custody.montoCOP) }
      : pending && blocked > 0
        ? { label: "Créditos bloqueados", value: blocked.toLocaleString("es-CO") }
        : custody.modoPago === "creditos"
          ? { label: "Pago", value: `${custody.pagoCreditos.toLocaleString("es-CO")} créditos` }
          : null;

  const runCancel = async () => {
    key.current ??= newIdempotencyKey();
    try {
      const result = await cancel.mutateAsync({ id: custody.id, idempotencyKey: key.current });
      key.current = null;
      toast({ title: DEALS_MSG.custodyCancelled, description: result.message, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      key.current = null;
      toast({ title: DEALS_MSG.custodyCancelFailed, description: errorMessage(e, ""), variant: "error" });
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="custody-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link
            to={assetPath(custody.assetId)}
            className="font-semibold break-words text-slate-900 hover:text-emerald-700 hover:underline"
          >
            {custody.assetTitle}
          </Link>
          <p className="text-sm text-slate-600">
            {TYPE_LABELS[custody.tipoTransaccion] ?? custody.tipoTransaccion}
            {custody.modoPago === "dinero"
              ? " · pago en dinero"
              : custody.modoPago === "creditos"
                ? " · pago en créditos"
                : ""}
            {custody.fechaIngreso ? ` · ${formatDate(custody.fechaIngreso)}` : ""}
          </p>
        </div>
        <Badge tone={state.tone} data-testid="custody-state">
          {state.label}
        </Badge>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <Party label="Entrega" id={custody.oferente.id} name={custody.oferente.name} mine={iOffer} />
        <Party
          label="Recibe"
          id={custody.receptor.id}
          name={custody.receptor.name}
          mine={custody.miRol === "receptor"}
        />
        {amount ? (
          <div data-testid="custody-amount">
            <dt className="text-xs text-slate-600">{amount.label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{amount.value}</dd>
          </div>
        ) : null}
      </dl>
      {custody.notas ? <p className="text-sm break-words text-slate-700">{custody.notas}</p> : null}
      {pending && iOffer && custody.codigoConfirmacion ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 px-3.5 py-3">
          <p className="text-sm text-amber-900">
            Código para quien recibe:{" "}
            <strong className="font-mono text-lg tracking-widest" data-testid="custody-code">
              {custody.codigoConfirmacion}
            </strong>
          </p>
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 hover:border-red-300 hover:bg-red-50"
            loading={cancel.isPending}
            loadingText="Cancelando…"
            onClick={() => void runCancel()}
          >
            Cancelar custodia
            {/* The visible words begin the accessible name (axe label-content-name-mismatch). */}
            <span className="sr-only"> de {custody.assetTitle}</span>
          </Button>
        </div>
      ) : pending && iOffer ? (
        <div className="flex justify-end">
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 hover:border-red-300 hover:bg-red-50"
            loading={cancel.isPending}
            loadingText="Cancelando…"
            onClick={() => void runCancel()}
          >
            Cancelar custodia
            {/* The visible words begin the accessible name (axe label-content-name-mismatch). */}
            <span className="sr-only"> de {custody.assetTitle}</span>
          </Button>
        </div>
      ) : pending ? (
        <p className="text-sm text-slate-600">
          Cuando recibas el activo, escribe arriba el código que te dé {custody.oferente.name || "quien lo entrega"}.
        </p>
      ) : null}
    </Card>
  );
}

function Party({ label, id, name, mine }: { label: string; id: string; name: string; mine: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="flex flex-wrap items-center gap-1.5 font-medium break-words text-slate-900">
        <PersonLink id={id} name={name} />
        {mine ? (
          <Badge tone="info" data-testid="my-role">
            Tú
          </Badge>
        ) : null}
      </dd>
    </div>
  );
}
