import { DONATION_MSG } from "@valoriza/domain";
import { Gift, HeartHandshake } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { DealScreenHeader } from "../../components/deal-screen-header.tsx";
import { ListSkeleton, ListStates } from "../../components/list-states.tsx";
import { PersonLink } from "../../components/person-link.tsx";
import { type Person, PersonByEmailPicker } from "../../components/person-picker.tsx";
import { RequireSession } from "../../components/require-session.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { isAuthError } from "../../lib/api.ts";
import { assetPath } from "../../lib/assets.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import {
  type DonationAction,
  type DonationView,
  useCreateDonation,
  useDonationAction,
  useDonations,
  useMyAssetsFor,
} from "./api.ts";

type Mode = "donar" | "regalar";

const STATUS_LABEL: Record<string, string> = {
  pending: "Pendiente",
  completed: "Completada",
  cancelled: "Cancelada",
};
/** A closed donation or gift says how it closed, in its own gender (un regalo, una donación). */
function statusLabel(d: DonationView, status: string): string {
  const gift = d.kind === "regalo";
  if (status === "completed") return gift ? "Aceptado" : "Completada";
  if (status === "cancelled") {
    if (d.closedBy === "rechazar") return gift ? "Rechazado" : "Rechazada";
    if (d.closedBy === "expirar") return gift ? "Vencido" : "Vencida";
    return gift ? "Cancelado" : "Cancelada";
  }
  return STATUS_LABEL[status] ?? status;
}

/** /donar (overview §2 Donations) and /regalar (Gifts): one page, two modes. */
export function DonationsPage({ mode }: { mode: Mode }) {
  const gift = mode === "regalar";
  useDocumentTitle(gift ? "Regalar" : "Donar");
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <DealScreenHeader
        title={gift ? "Regalar" : "Donar"}
        icon={
          gift ? (
            <Gift aria-hidden="true" className="size-7 text-emerald-700" />
          ) : (
            <HeartHandshake aria-hidden="true" className="size-7 text-emerald-700" />
          )
        }
        description={
          gift
            ? "Regala uno de tus activos a alguien: cuando lo acepte, pasa a ser suyo."
            : "Dona uno de tus activos a una persona o a la comunidad: la primera persona que lo reclame lo recibe."
        }
      />
      <RequireSession message={gift ? DONATION_MSG.loginGift : DONATION_MSG.loginDonation}>
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <CreateForm mode={mode} />
          <DonationList mode={mode} />
        </div>
      </RequireSession>
    </div>
  );
}

function CreateForm({ mode }: { mode: Mode }) {
  const gift = mode === "regalar";
  const { user } = useSession();
  const assets = useMyAssetsFor(mode);
  const create = useCreateDonation();
  const [assetId, setAssetId] = useState("");
  const [email, setEmail] = useState("");
  const [recipient, setRecipient] = useState<Person | null>(null);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (gift && !recipient) {
      setError(DONATION_MSG.giftRecipientRequired);
      return;
    }
    if (!assetId || !message.trim()) {
      setError(DONATION_MSG.required);
      return;
    }
    const body = {
      donorId: user?._id ?? "",
      assetId,
      ...(recipient ? { recipientId: recipient.id } : {}),
      message: message.trim(),
      kind: gift ? ("regalo" as const) : ("donacion" as const),
    };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
    try {
      const result = await create.mutateAsync({ ...body, idempotencyKey: attempt.current.key });
      attempt.current = null;
      toast({
        title: gift ? DONATION_MSG.giftCreated : DONATION_MSG.created,
        description: result.message || undefined,
        variant: "success",
      });
      setAssetId("");
      setRecipient(null);
      setEmail("");
      setMessage("");
    } catch (e) {
      if (isAuthError(e)) return;
      attempt.current = null;
      toast({
        title: "Error",
        description: errorMessage(e, gift ? DONATION_MSG.giftFailed : DONATION_MSG.donationFailed),
        variant: "error",
      });
    }
  };

  const list = assets.data ?? [];
  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="donation-form-title" className="grid gap-4">
        <h2 id="donation-form-title" className="text-lg font-semibold text-slate-900">
          {gift ? "Enviar un regalo" : "Crear una donación"}
        </h2>
        <Field
          id="donation-asset"
          label="Activo"
          hint={
            assets.data && list.length === 0 ? (
              <>
                No tienes activos publicados para {gift ? "regalar" : "donar"}.{" "}
                <Link to="/registrar-activo" className="font-medium text-emerald-700 hover:underline">
                  Registra uno
                </Link>
              </>
            ) : undefined
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
        <PersonByEmailPicker
          id="donation-recipient-email"
          label="Correo del destinatario"
          optional={!gift}
          hint={gift ? undefined : "Déjalo vacío para una donación comunitaria."}
          email={email}
          onEmailChange={setEmail}
          person={recipient}
          onPersonChange={setRecipient}
          messages={{
            empty: gift ? DONATION_MSG.giftRecipientRequired : "Escribe el correo de quien recibe",
            self: DONATION_MSG.recipientIsYou,
            notFound: "No encontramos una cuenta con ese correo electrónico",
            failed: DONATION_MSG.recipientNotFound,
          }}
          onProblem={setError}
          testId="donation-recipient"
        />
        <Field id="donation-message" label="Mensaje">
          {(c) => (
            <Textarea {...c} rows={3} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
          )}
        </Field>
        {error ? <Alert>{error}</Alert> : null}
        <Button type="submit" loading={create.isPending} loadingText="Enviando…">
          {gift ? "Enviar regalo" : "Donar"}
        </Button>
      </form>
    </Card>
  );
}

function DonationList({ mode }: { mode: Mode }) {
  const gift = mode === "regalar";
  const { user } = useSession();
  const donations = useDonations();
  const all = donations.data ?? [];
  const list = gift ? all.filter((d) => d.recipient !== null) : all;
  return (
    <section aria-labelledby="donation-list-title" className="flex flex-col gap-3">
      <h2 id="donation-list-title" className="text-lg font-semibold text-slate-900">
        {gift ? "Regalos" : "Donaciones"}
      </h2>
      <ListStates
        query={donations}
        isEmpty={list.length === 0}
        loading={<ListSkeleton count={1} itemClassName="h-28 rounded-2xl" />}
        errorTitle={gift ? "No pudimos cargar tus regalos" : "No pudimos cargar tus donaciones"}
        empty={gift ? "Aún no tienes regalos." : "Aún no tienes donaciones."}
      >
        <ul className="grid gap-3">
          {list.map((d) => (
            <li key={d.id}>
              <DonationCard donation={d} gift={gift} me={user?._id ?? ""} />
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}

const ACTION_LABEL: Record<DonationAction, string> = {
  accept: "Aceptar",
  reject: "Rechazar",
  cancel: "Cancelar",
  claim: "Reclamar",
};

function DonationCard({ donation, gift, me }: { donation: DonationView; gift: boolean; me: string }) {
  const action = useDonationAction();
  const keys = useRef<Partial<Record<DonationAction, string>>>({});
  const pending = donation.status === "pending";
  const actions: DonationAction[] = !pending
    ? []
    : donation.recipient?.id === me
      ? ["accept", "reject"]
      : donation.donor.id === me
        ? ["cancel"]
        : [];
  const run = async (a: DonationAction) => {
    keys.current[a] ??= newIdempotencyKey();
    try {
      const r = await action.mutateAsync({ id: donation.id, action: a, idempotencyKey: keys.current[a] ?? "" });
      delete keys.current[a];
      toast({ title: r.message || ACTION_LABEL[a], variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      delete keys.current[a];
      toast({ title: "Error", description: errorMessage(e, "No se pudo actualizar la donación."), variant: "error" });
    }
  };
  const status = donation.status;
  return (
    <Card className="flex flex-col gap-2 p-4" data-testid="donation-card">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">
          <Link to={assetPath(donation.assetId)} className="hover:underline">
            {donation.assetTitle}
          </Link>
        </h3>
        {/* overview §4: 'completed' green, else orange. */}
        <Badge tone={status === "completed" ? "brand" : "warning"} data-testid="donation-status">
          {statusLabel(donation, status)}
        </Badge>
      </div>
      {gift ? (
        <>
          <p className="text-sm text-slate-700">{donation.message}</p>
          <p className="text-sm font-medium text-slate-800">
            Para: <PersonLink id={donation.recipient?.id} name={donation.recipient?.name} />
          </p>
        </>
      ) : (
        <>
          <p className="text-sm font-medium text-slate-700">
            {donation.recipient ? "Donación directa" : "Donación comunitaria"}
          </p>
          <p className="text-sm text-slate-600">{donation.message}</p>
        </>
      )}
      {actions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {actions.map((a) => (
            <Button
              key={a}
              size="sm"
              variant={a === "accept" ? "primary" : "outline"}
              loading={action.isPending && action.variables?.action === a}
              onClick={() => void run(a)}
            >
              {ACTION_LABEL[a]}
            </Button>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
