import { ASSET_MSG, formatCredits, groupThousands } from "@valoriza/domain";
import {
  ArrowLeft,
  Boxes,
  CircleCheck,
  Coins,
  Flame,
  Hourglass,
  Info,
  LockOpen,
  type LucideIcon,
  RefreshCw,
  Sparkles,
  TriangleAlert,
  UserRoundCheck,
  Users,
} from "lucide-react";
import { Link, useNavigate } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useMyLimits } from "../../lib/limits.ts";
import { cn, errorMessage } from "../../lib/utils.ts";
import { type EconomyReport, useEconomyReport } from "./api.ts";
import { CreditsChart } from "./CreditsChart.tsx";

/** /economia: public report of the credit system (overview §2 Economy). */
export function EconomyPage() {
  useDocumentTitle("Economía");
  const report = useEconomyReport();
  const navigate = useNavigate();

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Economía de Valoriza</h1>
          <p className="mt-1 text-slate-500">El estado del sistema de créditos, en tiempo real y para todos.</p>
        </div>
        {report.data ? (
          <Button variant="outline" size="sm" loading={report.isFetching} onClick={() => void report.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Actualizar
          </Button>
        ) : null}
      </header>

      {report.data ? (
        <Report report={report.data} />
      ) : report.isError ? (
        <Alert title={ASSET_MSG.economyReportError}>
          <p>{errorMessage(report.error, "Intenta de nuevo en unos momentos.")}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Volver
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void report.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Reintentar
            </Button>
          </div>
        </Alert>
      ) : (
        <div role="status" aria-label="Cargando reporte económico" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((key) => (
            <Skeleton key={key} className="h-28 rounded-2xl" />
          ))}
        </div>
      )}
    </div>
  );
}

interface Metric {
  label: string;
  value: number;
  Icon: LucideIcon;
  tint: string;
  hint: string;
}

function Report({ report }: { report: EconomyReport }) {
  const metrics: Metric[] = [
    {
      label: "Créditos en circulación",
      value: report.creditosCirculacion,
      Icon: Coins,
      tint: "bg-emerald-50 text-emerald-700",
      // Users' disponible + bloqueado: what was issued, less what was destroyed and what sits in the
      // system's accounts (custody, the store, withdrawals), so the card adds up (issue 17).
      hint: `Emitidos (${formatCredits(report.creditosEmitidos)}) − destruidos (${formatCredits(report.creditosDestruidos)}) − en custodia (${formatCredits(report.sistema.custodia)}) − en la tienda (${formatCredits(report.sistema.tienda)}) − retirados (${formatCredits(report.sistema.retiros)})`,
    },
    {
      label: "Créditos emitidos",
      value: report.creditosEmitidos,
      Icon: Sparkles,
      tint: "bg-teal-50 text-teal-700",
      hint: "Al registrar activos",
    },
    {
      label: "Créditos destruidos",
      value: report.creditosDestruidos,
      Icon: Flame,
      tint: "bg-red-50 text-red-600",
      hint: "Al desactivar activos",
    },
    {
      label: "Créditos en revisión",
      value: report.creditosEnRevision,
      Icon: Hourglass,
      tint: "bg-orange-50 text-orange-700",
      hint: "Esperan su turno, una verificación de identidad o un administrador",
    },
    {
      label: "Créditos liberados este mes",
      value: report.creditosLiberadosMes,
      Icon: LockOpen,
      tint: "bg-lime-50 text-lime-700",
      hint: "De activos autodeclarados",
    },
    {
      label: "Usuarios totales",
      value: report.totalUsuarios,
      Icon: Users,
      tint: "bg-sky-50 text-sky-700",
      hint: "Personas registradas",
    },
    {
      label: "Activos totales",
      value: report.totalActivos,
      Icon: Boxes,
      tint: "bg-amber-50 text-amber-700",
      hint: "Bienes, tiempo y dinero",
    },
    {
      label: "Créditos promedio por usuario",
      value: report.creditosPromedioUsuario,
      Icon: UserRoundCheck,
      tint: "bg-indigo-50 text-indigo-700",
      hint: "Circulación entre usuarios",
    },
  ];
  const lastUpdate = report.ultimaActualizacion ? new Date(report.ultimaActualizacion) : null;

  return (
    <>
      <MyReview />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {metrics.map(({ label, value, Icon, tint, hint }) => (
          // Each card is one name-value group of the list (dl > div > dt + dd); the value shows first.
          <Card key={label} className="relative grid min-w-0 content-center py-5 pr-5 pl-21">
            <dt className="row-start-2 text-sm text-slate-500">
              <span
                className={cn(
                  "absolute top-1/2 left-5 flex size-12 -translate-y-1/2 items-center justify-center rounded-xl",
                  tint,
                )}
              >
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <span className="block">{label}</span>
              <span className="block text-xs text-slate-400">{hint}</span>
            </dt>
            <dd className="row-start-1 text-2xl font-extrabold text-slate-900 tabular-nums">{formatCredits(value)}</dd>
          </Card>
        ))}
      </dl>

      <div className="grid items-start gap-6 lg:grid-cols-[1.6fr_1fr]">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Créditos emitidos y destruidos</CardTitle>
            <CardDescription>Por día, en los últimos días con actividad.</CardDescription>
          </CardHeader>
          <CardContent>
            <CreditsChart history={report.historial} />
          </CardContent>
        </Card>

        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Información del sistema</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y divide-slate-100 text-sm">
              <Row label="Tasa de cambio">
                <span data-testid="tasa-cambio">1 crédito = ${groupThousands(report.sistema.tasaCambio)} COP</span>
              </Row>
              <Row label="Balance del sistema">
                {report.equilibrado ? (
                  <Badge tone="brand" data-testid="balance-check" className="text-sm">
                    <CircleCheck aria-hidden="true" />
                    Equilibrado
                  </Badge>
                ) : (
                  <Badge tone="danger" data-testid="balance-check" className="text-sm">
                    <TriangleAlert aria-hidden="true" />
                    Revisar
                  </Badge>
                )}
              </Row>
              <Row label="Créditos en custodia">{formatCredits(report.sistema.custodia)}</Row>
              <Row label="Créditos en la tienda">{formatCredits(report.sistema.tienda)}</Row>
              <Row label="Créditos retirados">{formatCredits(report.sistema.retiros)}</Row>
              <Row label="Fila de liberación">
                <span data-testid="cola-liberacion">
                  {formatCredits(report.colaLiberacion.creditos)} créditos ({report.colaLiberacion.revisiones}{" "}
                  {report.colaLiberacion.revisiones === 1 ? "revisión" : "revisiones"})
                </span>
              </Row>
              <Row label="Liberados hoy por la fila">
                <span data-testid="liberados-hoy">
                  {formatCredits(report.colaLiberacion.liberadosHoy)} de{" "}
                  {formatCredits(report.colaLiberacion.topeDiario)}
                </span>
              </Row>
              <Row label="Esperan verificación de identidad">
                {formatCredits(report.colaLiberacion.esperanVerificacion)}
              </Row>
              <Row label="Última actualización">
                {lastUpdate && !Number.isNaN(lastUpdate.getTime()) ? (
                  <time dateTime={report.ultimaActualizacion}>{lastUpdate.toLocaleString("es-CO")}</time>
                ) : (
                  "—"
                )}
              </Row>
            </dl>
          </CardContent>
        </Card>
      </div>

      <aside className="flex gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-5 text-sm text-sky-900">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sky-600" />
        <div className="space-y-1.5">
          <p className="font-semibold">¿Cómo funciona la economía de créditos?</p>
          <p>
            Cada vez que alguien registra un bien, su tiempo o un aporte en dinero, el sistema emite créditos por su
            valor (1 crédito = $1.000 COP). Esos créditos nacen bloqueados y se liberan cuando se completa una operación
            con el activo. Si un activo se desactiva sin haberse usado, sus créditos bloqueados se destruyen.
          </p>
          <p>
            Solo las personas con la identidad verificada convierten en disponibles los créditos de lo que declaran:
            hasta 10.000 cada 30 días. La plataforma libera sola como máximo el mayor entre 20.000 créditos y el 1 % de
            la circulación por día; el resto espera en la fila, en orden de llegada.
          </p>
          <p>
            Cada movimiento de créditos se anota en un libro de doble entrada. El sistema está «Equilibrado» cuando ese
            libro cuadra (la suma de todos los saldos es cero); si no, aparece «Revisar».
          </p>
        </div>
      </aside>
    </>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** The signed-in person's credits en revisión and why (ADR 015); nothing when none. */
function MyReview() {
  const { data } = useMyLimits();
  if (!data || data.creditosEnRevision <= 0) return null;
  return (
    <div data-testid="economia-en-revision">
      <Alert variant="info" title={`Tienes ${formatCredits(data.creditosEnRevision)} créditos en revisión`}>
        {[...new Set(data.revisiones.map((r) => r.motivoTexto))].join(" ")}
        {data.verificacionRequerida ? (
          <Link to="/verificacion" className={buttonClasses({ size: "sm", className: "mt-2 flex w-fit" })}>
            Verificar mi identidad
          </Link>
        ) : null}
      </Alert>
    </div>
  );
}
