import { useMutation, useQuery } from "@tanstack/react-query";
import { type AdminReview, formatCredits, groupThousands, SIGNAL_LABELS } from "@valoriza/domain";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { apiRequest, isAuthError } from "../../lib/api.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";

/** The review queue of ADR 015: credits en revisión with their evidence; approve, verify the person. */
const KEY = ["admin", "revisiones"] as const;

function useReviews() {
  const { user } = useSession();
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => {
      const body = (await apiRequest("/admin/revisiones", { signal })) as { data?: AdminReview[] };
      return Array.isArray(body?.data) ? body.data : [];
    },
    enabled: user?.isAdmin === true,
    refetchInterval: 15_000,
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
  if (items.length === 0) {
    return <p className="text-sm text-slate-600">No hay créditos en revisión.</p>;
  }
  return (
    <ul aria-label="Créditos en revisión" className="flex flex-col gap-3">
      {items.map((r) => (
        <li key={r._id}>
          <Card className="flex flex-col gap-2 p-4 text-sm" data-testid="revision">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-slate-900">
                {formatCredits(r.monto)} créditos en revisión · {r.persona.name} ({r.persona.email})
              </p>
              <Badge tone={r.motivo === "limite" ? "warning" : "danger"}>{SIGNAL_LABELS[r.motivo]}</Badge>
            </div>
            <p className="text-slate-700">{r.motivoTexto}</p>
            <dl className="grid gap-1 text-slate-600 sm:grid-cols-2">
              <div>
                <dt className="inline font-medium">Persona: </dt>
                <dd className="inline">
                  {r.persona.verified ? "verificada" : "sin verificar"} · {r.persona.registros} registros ·{" "}
                  {formatCredits(r.persona.creditosEmitidos)} créditos emitidos
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
            <div className="flex flex-wrap gap-2">
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
              {r.persona.verified ? null : (
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
  );
}
