import {
  type AdminDispute,
  DISPUTE_MOTIVO_LABELS,
  DISPUTE_MSG,
  DISPUTE_NOTE_MAX,
  type DisputeResult,
  formatCOP,
  formatNumber,
} from "@valoriza/domain";
import { RefreshCw, Scale, Undo2, Wallet } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { TabsContent, TabsTrigger } from "../../components/ui/tabs.tsx";
import { isAuthError } from "../../lib/api.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import { useAdminDisputes, useResolveDispute } from "./disputes-api.ts";
import { PrivateImage } from "./VerificationsSection.tsx";

/** The desk's 'Disputas' tab (issue 19): AdminPage puts the trigger in its list and the content after it. */
export function DisputesTabTrigger() {
  return (
    <TabsTrigger value="disputas">
      <Scale aria-hidden="true" className="size-4" />
      Disputas
    </TabsTrigger>
  );
}
export function DisputesTabContent() {
  return (
    <TabsContent value="disputas">
      <DisputesSection />
    </TabsContent>
  );
}

const TYPE_LABELS: Record<string, string> = {
  venta: "Venta",
  intercambio: "Intercambio",
  prestamo: "Préstamo",
  alquiler: "Alquiler",
};

/** Open custody disputes, oldest first: the custody, both parties, the evidence and their chat; refund or release. */
function DisputesSection() {
  const disputes = useAdminDisputes();
  const list = disputes.data ?? [];
  return (
    <section aria-labelledby="disputas-title" className="flex flex-col gap-4">
      <div>
        <h2 id="disputas-title" className="text-lg font-semibold text-slate-900">
          Disputas de custodia
        </h2>
        <p className="text-sm text-slate-600">
          Lee la evidencia y el chat entre las partes. Reembolsar devuelve el pago a quien recibe y el activo a quien lo
          entregó; liberar paga a quien entregó y el activo pasa a quien lo recibe.
        </p>
      </div>
      {disputes.isPending ? (
        <div role="status" aria-label="Cargando disputas" className="grid gap-3">
          <Skeleton className="h-48 rounded-2xl" />
        </div>
      ) : disputes.isError ? (
        <Alert title="No pudimos cargar las disputas">
          <p>{errorMessage(disputes.error, "Intenta de nuevo en unos momentos.")}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void disputes.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Reintentar
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
          No hay disputas abiertas.
        </p>
      ) : (
        <ul className="grid gap-4">
          {list.map((d) => (
            <li key={d._id}>
              <DisputeCard d={d} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DisputeCard({ d }: { d: AdminDispute }) {
  const c = d.custodia;
  const nameOf = (userId: string) =>
    userId === d.oferente._id ? d.oferente.name : userId === d.receptor._id ? d.receptor.name : "";
  const amount =
    c.modoPago === "dinero"
      ? `${formatCOP(c.montoCOP)} en dinero (fuera de Valoriza)`
      : c.pagoCreditos > 0
        ? `${formatNumber(c.pagoCreditos)} créditos en custodia`
        : "Sin pago en créditos";
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" data-testid="disputa">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{c.activo.title}</p>
          <p className="text-sm text-slate-600">
            {TYPE_LABELS[c.tipoTransaccion] ?? c.tipoTransaccion} · {amount}
          </p>
        </div>
        <Badge tone="danger">{DISPUTE_MOTIVO_LABELS[d.motivo]}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-slate-500">Entrega</dt>
          <dd className="font-medium break-words text-slate-800">
            {d.oferente.name} <span className="font-normal break-all text-slate-500">({d.oferente.email})</span>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500">Recibe</dt>
          <dd className="font-medium break-words text-slate-800">
            {d.receptor.name} <span className="font-normal break-all text-slate-500">({d.receptor.email})</span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Abierta por</dt>
          <dd className="text-slate-800">
            {d.abiertaPor.name} ({d.abiertaPor.rol === "receptor" ? "quien recibe" : "quien entrega"}),{" "}
            {formatDate(d.abiertaEn)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Custodia desde</dt>
          <dd className="text-slate-800">{formatDate(c.fechaIngreso)}</dd>
        </div>
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Descripción</h3>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{d.descripcion}</p>
      </div>
      {d.imagenes.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Evidencia</h3>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {d.imagenes.map((url, i) => (
              <PrivateImage key={url} url={url} alt={`Evidencia ${i + 1} de la disputa sobre ${c.activo.title}`} />
            ))}
          </div>
        </div>
      ) : null}
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Chat entre las partes sobre este activo</h3>
        {d.chat.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No conversaron por el chat de Valoriza sobre este activo.</p>
        ) : (
          <ol
            className="mt-2 flex max-h-72 flex-col gap-2 overflow-y-auto rounded-xl bg-slate-50 p-3"
            aria-label={`Chat sobre ${c.activo.title}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
            tabIndex={0}
          >
            {d.chat.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: messages have no id here and the list never reorders.
              <li key={i} className="text-sm">
                <span className="font-semibold text-slate-900">{nameOf(m.de) || "Alguien"}</span>{" "}
                <span className="text-xs text-slate-500">{formatDate(m.fecha)}</span>
                <p className="break-words whitespace-pre-line text-slate-700">{m.texto}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
      <ResolveForm d={d} />
    </Card>
  );
}

const ACTIONS: Record<DisputeResult, { label: string; confirm: string; Icon: typeof Undo2 }> = {
  reembolsar: {
    label: "Reembolsar",
    confirm: "Confirmar reembolso",
    Icon: Undo2,
  },
  liberar: {
    label: "Liberar",
    confirm: "Confirmar liberación",
    Icon: Wallet,
  },
};

/** Reembolsar / Liberar with a required note, then a confirmation step saying exactly what will happen. */
function ResolveForm({ d }: { d: AdminDispute }) {
  const id = useId();
  const resolve = useResolveDispute();
  const [nota, setNota] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState<DisputeResult | null>(null);
  const key = useRef<{ key: string; body: string } | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);

  const ask = (resultado: DisputeResult) => {
    if (nota.trim().length < 3) {
      setError(DISPUTE_MSG.notaRequerida);
      noteRef.current?.focus();
      return;
    }
    setError(undefined);
    setPending(resultado);
  };

  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (!pending) return;
    const body = JSON.stringify({ id: d._id, resultado: pending, nota: nota.trim() });
    if (key.current?.body !== body) key.current = { key: newIdempotencyKey(), body };
    try {
      const r = await resolve.mutateAsync({
        id: d._id,
        resultado: pending,
        nota: nota.trim(),
        idempotencyKey: key.current.key,
      });
      key.current = null;
      toast({ title: "Disputa resuelta", description: r.message, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      key.current = null;
      setPending(null);
      toast({ title: "No se pudo resolver la disputa", description: errorMessage(e, ""), variant: "error" });
    }
  };

  const c = d.custodia;
  const credits = c.pagoCreditos > 0 ? `${formatNumber(c.pagoCreditos)} créditos` : null;
  const what =
    pending === "reembolsar"
      ? credits
        ? `${d.receptor.name} recupera ${credits} y "${c.activo.title}" vuelve a ${d.oferente.name}.`
        : `La custodia se cancela y "${c.activo.title}" vuelve a ${d.oferente.name}.`
      : credits
        ? `${d.oferente.name} recibe ${credits} y "${c.activo.title}" queda entregado a ${d.receptor.name}.`
        : `"${c.activo.title}" queda entregado a ${d.receptor.name} y se liberan los créditos del activo de ${d.oferente.name}.`;

  return (
    <form noValidate onSubmit={(e) => void run(e)} className="grid gap-3 border-t border-slate-100 pt-4">
      <Field
        id={`${id}-nota`}
        label="Nota para las partes"
        hint="Ambas partes la leerán en su notificación."
        error={error}
      >
        {(c) => (
          <Textarea
            {...c}
            ref={noteRef}
            rows={2}
            maxLength={DISPUTE_NOTE_MAX}
            value={nota}
            disabled={pending !== null}
            onChange={(e) => {
              setNota(e.target.value);
              if (error) setError(undefined);
            }}
            placeholder="Ej: Las fotos muestran que llegó dañado."
          />
        )}
      </Field>
      {pending === null ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          {(Object.keys(ACTIONS) as DisputeResult[]).map((r) => {
            const { label, Icon } = ACTIONS[r];
            return (
              <Button key={r} variant="outline" onClick={() => ask(r)}>
                <Icon aria-hidden="true" className="size-4" />
                {label}
                <span className="sr-only"> la disputa sobre {d.custodia.activo.title}</span>
              </Button>
            );
          })}
        </div>
      ) : (
        <fieldset className="flex flex-col gap-3 rounded-xl bg-amber-50 p-3">
          <legend className="sr-only">Confirmar la decisión</legend>
          <p className="text-sm text-amber-900">{what} No se puede deshacer.</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setPending(null)} disabled={resolve.isPending}>
              Volver
            </Button>
            <Button type="submit" loading={resolve.isPending} loadingText="Resolviendo…" autoFocus>
              {ACTIONS[pending].confirm}
            </Button>
          </div>
        </fieldset>
      )}
    </form>
  );
}
