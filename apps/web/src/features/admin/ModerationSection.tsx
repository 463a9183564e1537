import { type AdminReport, REPORT_MOTIVO_LABELS, REPORT_TIPO_LABELS, type SuspendedUser } from "@valoriza/domain";
import { EyeOff, Flag, UserX } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { ListSkeleton, ListStates } from "../../components/list-states.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { TabsContent, TabsTrigger } from "../../components/ui/tabs.tsx";
import { assetPath } from "../../lib/assets.ts";
import { useSession } from "../../lib/session.tsx";
import { formatDate } from "../../lib/utils.ts";
import { DecisionDialog } from "./DecisionDialog.tsx";
import { type DecisionKind, useModerationOverview, useOpenReports } from "./moderation-api.ts";

type Decide = (kind: DecisionKind, id: string, what: string) => void;

/** The desk's tab (issue 19): AdminPage places the trigger and the content. */
export function ModerationTrigger() {
  return (
    <TabsTrigger value="moderacion">
      <Flag aria-hidden="true" className="size-4" />
      Moderación
    </TabsTrigger>
  );
}

export function ModerationContent() {
  return (
    <TabsContent value="moderacion">
      <ModerationSection />
    </TabsContent>
  );
}

/** Open reports with their targets; hidden listings; suspended accounts with their open deals. */
export function ModerationSection() {
  const [decision, setDecision] = useState<{ kind: DecisionKind; id: string; what: string } | null>(null);
  const decide: Decide = (kind, id, what) => setDecision({ kind, id, what });
  return (
    <div className="flex flex-col gap-8">
      <ReportsList decide={decide} />
      <HiddenAndSuspended decide={decide} />
      <DecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </div>
  );
}

function ReportsList({ decide }: { decide: Decide }) {
  const reports = useOpenReports();
  return (
    <section aria-labelledby="reportes-title" className="flex flex-col gap-4">
      <h2 id="reportes-title" className="text-lg font-bold text-slate-900">
        Reportes abiertos{reports.data ? ` (${reports.data.total})` : ""}
      </h2>
      <ListStates
        query={reports}
        isEmpty={(reports.data?.data.length ?? 0) === 0}
        loading={<ListSkeleton count={2} itemClassName="h-40 rounded-2xl" label="Cargando reportes" />}
        errorTitle="No se pudieron cargar los reportes"
        empty="No hay reportes abiertos."
      >
        <ul aria-label="Reportes abiertos" className="flex flex-col gap-3">
          {reports.data?.data.map((r) => (
            <li key={r._id}>
              <ReportCard r={r} decide={decide} />
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}

function ReportCard({ r, decide }: { r: AdminReport; decide: Decide }) {
  const { user } = useSession();
  const t = r.objetivo;
  const person = t.persona;
  const what =
    r.tipo === "usuario" ? t.titulo : r.tipo === "activo" ? t.titulo : `Mensaje de ${person?.name ?? "alguien"}`;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="report-card">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="info">{REPORT_TIPO_LABELS[r.tipo]}</Badge>
        <Badge tone="danger">{REPORT_MOTIVO_LABELS[r.motivo]}</Badge>
        {r.reportesDelObjetivo > 1 ? <Badge tone="warning">{r.reportesDelObjetivo} reportes abiertos</Badge> : null}
        {t.oculto && r.tipo === "activo" ? <Badge tone="neutral">Publicación oculta</Badge> : null}
        {person?.suspendido ? <Badge tone="neutral">Cuenta suspendida</Badge> : null}
      </div>
      <div className="min-w-0">
        {!t.existe ? (
          <p className="text-sm text-slate-500">Lo reportado ya no existe.</p>
        ) : r.tipo === "mensaje" ? (
          <blockquote className="rounded-lg border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-800">
            “{t.titulo}”
          </blockquote>
        ) : r.tipo === "activo" && t.activoId ? (
          <Link
            to={assetPath(t.activoId)}
            className="font-semibold break-words text-emerald-800 underline-offset-2 hover:underline"
          >
            {t.titulo}
          </Link>
        ) : (
          <p className="font-semibold break-words text-slate-900">{t.titulo}</p>
        )}
        {person && r.tipo !== "usuario" ? (
          <p className="text-sm text-slate-600">
            {r.tipo === "mensaje" ? "Enviado por " : "Publicada por "}
            <span className="font-medium text-slate-800">{person.name}</span>
          </p>
        ) : null}
      </div>
      {r.descripcion ? (
        <p className="text-sm break-words whitespace-pre-line text-slate-700">
          <span className="font-semibold">Descripción: </span>
          {r.descripcion}
        </p>
      ) : null}
      <p className="text-xs text-slate-500">
        Reportado por {r.reportante.name} el {formatDate(r.createdAt)}
      </p>
      <div className="flex flex-wrap gap-2">
        {/* A message's sender may not own the chat's listing: a message leads to the person, not the listing. */}
        {t.existe && t.activoId && r.tipo === "activo" ? (
          t.oculto ? (
            <Button size="sm" variant="outline" onClick={() => decide("mostrar", t.activoId as string, what)}>
              Mostrar
            </Button>
          ) : (
            <Button size="sm" variant="danger" onClick={() => decide("ocultar", t.activoId as string, t.titulo)}>
              <EyeOff aria-hidden="true" className="size-4" />
              Ocultar
            </Button>
          )
        ) : null}
        {person && person._id !== user?._id ? (
          person.suspendido ? (
            <Button size="sm" variant="outline" onClick={() => decide("reactivar", person._id, person.name)}>
              Reactivar
            </Button>
          ) : (
            <Button size="sm" variant="danger" onClick={() => decide("suspender", person._id, person.name)}>
              <UserX aria-hidden="true" className="size-4" />
              Suspender
            </Button>
          )
        ) : null}
        <Button size="sm" variant="ghost" onClick={() => decide("cerrar", r._id, what)}>
          Cerrar reporte
        </Button>
      </div>
    </Card>
  );
}

function HiddenAndSuspended({ decide }: { decide: Decide }) {
  const overview = useModerationOverview();
  const hidden = overview.data?.activosOcultos ?? [];
  const suspended = overview.data?.usuariosSuspendidos ?? [];
  return (
    <section aria-labelledby="moderados-title" className="flex flex-col gap-4">
      <h2 id="moderados-title" className="text-lg font-bold text-slate-900">
        Publicaciones ocultas y cuentas suspendidas
      </h2>
      <ListStates
        query={overview}
        isEmpty={hidden.length === 0 && suspended.length === 0}
        loading={<ListSkeleton count={1} itemClassName="h-32 rounded-2xl" label="Cargando moderación" />}
        errorTitle="No se pudo cargar la moderación"
        empty="No hay publicaciones ocultas ni cuentas suspendidas."
      >
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="flex flex-col gap-3">
            <h3 className="font-semibold text-slate-800">Publicaciones ocultas ({hidden.length})</h3>
            {hidden.length === 0 ? <p className="text-sm text-slate-500">Ninguna.</p> : null}
            <ul aria-label="Publicaciones ocultas" className="flex flex-col gap-3">
              {hidden.map((a) => (
                <li key={a._id}>
                  <Card className="flex flex-col gap-2 p-4" data-testid="hidden-asset">
                    <Link
                      to={assetPath(a._id)}
                      className="font-semibold break-words text-emerald-800 underline-offset-2 hover:underline"
                    >
                      {a.title}
                    </Link>
                    <p className="text-sm text-slate-600">
                      De {a.owner.name} · desde {formatDate(a.desde)}
                    </p>
                    <p className="text-sm break-words text-slate-800">
                      <span className="font-semibold">Motivo: </span>
                      {a.motivo}
                    </p>
                    <div>
                      <Button size="sm" variant="outline" onClick={() => decide("mostrar", a._id, a.title)}>
                        Mostrar
                      </Button>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col gap-3">
            <h3 className="font-semibold text-slate-800">Cuentas suspendidas ({suspended.length})</h3>
            {suspended.length === 0 ? <p className="text-sm text-slate-500">Ninguna.</p> : null}
            <ul aria-label="Cuentas suspendidas" className="flex flex-col gap-3">
              {suspended.map((u) => (
                <li key={u._id}>
                  <SuspendedCard u={u} decide={decide} />
                </li>
              ))}
            </ul>
          </div>
        </div>
      </ListStates>
    </section>
  );
}

function SuspendedCard({ u, decide }: { u: SuspendedUser; decide: Decide }) {
  return (
    <Card className="flex flex-col gap-2 p-4" data-testid="suspended-user">
      <p className="font-semibold break-words text-slate-900">{u.name}</p>
      <p className="text-sm break-all text-slate-500">{u.email}</p>
      <p className="text-sm break-words text-slate-800">
        <span className="font-semibold">Motivo: </span>
        {u.motivo} <span className="text-slate-500">(desde {formatDate(u.desde)})</span>
      </p>
      <div className="text-sm">
        <p className="font-semibold text-slate-800">Operaciones en curso ({u.operacionesAbiertas.length})</p>
        {u.operacionesAbiertas.length === 0 ? (
          <p className="text-slate-500">Ninguna.</p>
        ) : (
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {u.operacionesAbiertas.map((d) => (
              <li key={d._id} className="break-words">
                {d.procesoLabel}: {d.activoTitulo ?? "sin activo"} · {d.estado} · {formatDate(d.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <Button size="sm" variant="outline" onClick={() => decide("reactivar", u._id, u.name)}>
          Reactivar
        </Button>
      </div>
    </Card>
  );
}
