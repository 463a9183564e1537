import { useMutation, useQuery } from "@tanstack/react-query";
import {
  type AdminReview,
  type AdminSignal,
  adminReviewListResponseSchema,
  adminSignalListResponseSchema,
  formatCredits,
  groupThousands,
  MAX_RAISED_RELEASE_LIMIT,
  RELEASE_LIMIT_VERIFIED,
  REVIEW_WAITS,
  SIGNAL_LABELS,
} from "@valoriza/domain";
import { type FormEvent, useId, useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { apiRequest, isAuthError } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";

/**
 * The review desk of ADR 015: credits en revisión with their evidence and what each waits for (and
 * until when); approve, verify the person, raise a verified person's 30-day window; and the fan-in
 * signals (credits received from several new accounts), marked as reviewed.
 */
const KEY = ["admin", "revisiones"] as const;
const SIGNALS_KEY = ["admin", "senales"] as const;

function useReviews() {
  const { user } = useSession();
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }): Promise<AdminReview[]> =>
      parseAnswer(adminReviewListResponseSchema, await apiRequest("/admin/revisiones", { signal })).data,
    enabled: user?.isAdmin === true,
    refetchInterval: 15_000,
  });
}

function useSignals() {
  const { user } = useSession();
  return useQuery({
    queryKey: SIGNALS_KEY,
    queryFn: async ({ signal }): Promise<AdminSignal[]> =>
      parseAnswer(adminSignalListResponseSchema, await apiRequest("/admin/senales", { signal })).data,
    enabled: user?.isAdmin === true,
    refetchInterval: 30_000,
  });
}

const refresh = () =>
  Promise.all([queryClient.invalidateQueries({ queryKey: ["admin"] }), invalidateAfterCreditChange()]);

const failed = (title: string) => (e: unknown) => {
  if (isAuthError(e)) return;
  toast({ title, description: errorMessage(e, "Intenta de nuevo"), variant: "error" });
};

export function ReviewsSection() {
  const reviews = useReviews();
  const approve = useMutation({
    mutationFn: (id: string) => apiRequest(`/admin/revisiones/${encodeURIComponent(id)}/aprobar`, { method: "POST" }),
    onSettled: refresh,
  });
  const verify = useMutation({
    mutationFn: (userId: string) =>
      apiRequest(`/admin/usuarios/${encodeURIComponent(userId)}/verificar`, { method: "POST" }),
    onSettled: refresh,
  });
  if (reviews.isPending) return <p className="text-sm text-slate-500">Cargando revisiones…</p>;
  if (reviews.isError) return <p className="text-sm text-red-700">No se pudo cargar la cola de revisión.</p>;
  const items = reviews.data;
  return (
    <div className="flex flex-col gap-6">
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">No hay créditos en revisión.</p>
      ) : (
        <ul aria-label="Créditos en revisión" className="flex flex-col gap-3">
          {items.map((r) => (
            <li key={r._id}>
              <Card className="flex flex-col gap-2 p-4 text-sm" data-testid="revision">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-slate-900">
                    {formatCredits(r.monto)} créditos en revisión · {r.persona.name} ({r.persona.email})
                  </p>
                  <Badge tone={r.espera === "administrador" ? "danger" : "warning"}>{SIGNAL_LABELS[r.motivo]}</Badge>
                </div>
                <p className="text-slate-700">{r.motivoTexto}</p>
                <dl className="grid gap-1 text-slate-600 sm:grid-cols-2">
                  <div>
                    <dt className="inline font-medium">Espera: </dt>
                    <dd className="inline" data-testid="revision-espera">
                      {REVIEW_WAITS[r.espera]}
                      {r.fechaLiberacion ? ` · se libera el ${formatDate(r.fechaLiberacion)}` : ""}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline font-medium">Persona: </dt>
                    <dd className="inline">
                      {r.persona.verified ? "identidad verificada" : "sin verificar"} · {r.persona.registros} registros
                      · {formatCredits(r.persona.creditosEmitidos)} créditos emitidos · {r.persona.ventas} ventas
                    </dd>
                  </div>
                  <div>
                    <dt className="inline font-medium">Ventana de 30 días: </dt>
                    <dd className="inline">
                      {formatCredits(r.persona.liberadosVentana)} de {formatCredits(r.persona.limiteVentana)} liberados
                    </dd>
                  </div>
                  {r.evidencia.activo ? (
                    <div>
                      <dt className="inline font-medium">Activo: </dt>
                      <dd className="inline">
                        "{r.evidencia.activo.title}" ({r.evidencia.activo.category}) · declarado $
                        {groupThousands(r.evidencia.activo.baseValueCOP)} COP ·{" "}
                        {formatCredits(r.evidencia.activo.creditosAsignados)} créditos
                      </dd>
                    </div>
                  ) : null}
                  <div>
                    <dt className="inline font-medium">Contraparte: </dt>
                    <dd className="inline">
                      {r.evidencia.contraparte
                        ? `${r.evidencia.contraparte.name} (${r.evidencia.contraparte.email})${r.evidencia.contraparte.verified ? ", verificada" : ""}`
                        : "ninguna"}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline font-medium">Tratos del activo: </dt>
                    <dd className="inline">
                      {r.evidencia.tratos.length === 0
                        ? "ninguno"
                        : r.evidencia.tratos.map((d) => `${d.process} (${d.state})`).join(", ")}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline font-medium">Desde: </dt>
                    <dd className="inline">{formatDate(r.createdAt)}</dd>
                  </div>
                </dl>
                <div className="flex flex-wrap items-end gap-2">
                  <Button
                    size="sm"
                    loading={approve.isPending && approve.variables === r._id}
                    onClick={() =>
                      approve.mutate(r._id, {
                        onSuccess: () => toast({ title: "Créditos aprobados", variant: "success" }),
                        onError: failed("No se pudieron aprobar los créditos"),
                      })
                    }
                  >
                    Aprobar {formatCredits(r.monto)} créditos
                  </Button>
                  {r.persona.verified ? (
                    <RaiseWindow userId={r.persona._id} name={r.persona.name} current={r.persona.limiteVentana} />
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      loading={verify.isPending && verify.variables === r.persona._id}
                      onClick={() =>
                        verify.mutate(r.persona._id, {
                          onSuccess: () => toast({ title: "Persona verificada", variant: "success" }),
                          onError: failed("No se pudo verificar a la persona"),
                        })
                      }
                    >
                      Verificar a {r.persona.name}
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <SignalsSection />
    </div>
  );
}

/** Raise one verified person's 30-day window (logged in the admin log). */
function RaiseWindow({ userId, name, current }: { userId: string; name: string; current: number }) {
  const id = useId();
  const [value, setValue] = useState(String(Math.max(current, RELEASE_LIMIT_VERIFIED) * 2));
  const raise = useMutation({
    mutationFn: (limite: number) =>
      apiRequest(`/admin/usuarios/${encodeURIComponent(userId)}/limite`, { method: "PUT", body: { limite } }),
    onSettled: refresh,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    raise.mutate(Number(value), {
      onSuccess: () => toast({ title: `Ventana de ${name} ampliada`, variant: "success" }),
      onError: failed("No se pudo ampliar la ventana"),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label={`Ampliar la ventana de ${name}`}>
      <label htmlFor={id} className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        Créditos cada 30 días
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={RELEASE_LIMIT_VERIFIED}
          max={MAX_RAISED_RELEASE_LIMIT}
          step={1000}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="h-9 w-36"
        />
      </label>
      <Button size="sm" variant="outline" type="submit" loading={raise.isPending}>
        Ampliar ventana
      </Button>
    </form>
  );
}

/** The fan-in signals: a person who received credits from several new accounts in a week. */
function SignalsSection() {
  const signals = useSignals();
  const reviewed = useMutation({
    mutationFn: (id: string) => apiRequest(`/admin/senales/${encodeURIComponent(id)}/revisar`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
  if (signals.isPending || signals.isError) return null;
  return (
    <section aria-labelledby="senales-title" className="flex flex-col gap-3">
      <h2 id="senales-title" className="text-base font-bold text-slate-900">
        Señales
      </h2>
      {signals.data.length === 0 ? (
        <p className="text-sm text-slate-600">No hay señales abiertas.</p>
      ) : (
        <ul aria-label="Señales abiertas" className="flex flex-col gap-3">
          {signals.data.map((s) => (
            <li key={s._id}>
              <Card className="flex flex-col gap-2 p-4 text-sm" data-testid="senal">
                <p className="font-semibold text-slate-900">
                  {s.persona.name} ({s.persona.email}){s.persona.verified ? ", identidad verificada" : ""}
                </p>
                <p className="text-slate-700">{s.motivoTexto}</p>
                <ul className="list-disc pl-5 text-slate-600">
                  {s.remitentes.map((r) => (
                    <li key={r._id}>
                      {r.name} ({r.email}), cuenta del {formatDate(r.cuentaCreada)}: {formatCredits(r.creditos)}{" "}
                      créditos
                    </li>
                  ))}
                </ul>
                <div>
                  <Button
                    size="sm"
                    variant="outline"
                    loading={reviewed.isPending && reviewed.variables === s._id}
                    onClick={() =>
                      reviewed.mutate(s._id, {
                        onSuccess: () => toast({ title: "Señal revisada", variant: "success" }),
                        onError: failed("No se pudo marcar la señal"),
                      })
                    }
                  >
                    Marcar como revisada
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
