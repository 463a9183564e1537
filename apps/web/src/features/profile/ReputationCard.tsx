import { formatNumber } from "@valoriza/domain";
import { RefreshCw, Star } from "lucide-react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { signed, useReputationParts } from "../../lib/reputation.ts";
import { errorMessage } from "../../lib/utils.ts";

/**
 * /perfil's reputation (GET /reputation/{id}): the figure and each part with its count, weight and
 * points. Derived from the deal history (ADR 014), so it is read again each time the page opens.
 */
export function ReputationCard({ userId }: { userId: string }) {
  const query = useReputationParts(userId);
  return (
    <Card className="p-5 sm:p-6" data-testid="reputation-card">
      <section aria-labelledby="reputation-title" className="flex flex-col gap-4">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id="reputation-title" className="text-lg font-semibold tracking-tight text-slate-900">
              Reputación
            </h2>
            <p className="text-sm text-slate-500">Se calcula con tu historial de operaciones.</p>
          </div>
          <div className="flex shrink-0 items-center gap-2 rounded-2xl bg-amber-50 px-3 py-2 ring-1 ring-amber-600/15">
            <Star aria-hidden="true" className="size-5 fill-amber-400 text-amber-500" />
            {query.data ? (
              <p className="text-2xl font-extrabold text-slate-900 tabular-nums">
                <span data-testid="profile-reputation">{formatNumber(query.data.total)}</span>
                <span className="sr-only"> puntos</span>
              </p>
            ) : (
              <span className="text-2xl font-extrabold text-slate-400">—</span>
            )}
          </div>
        </div>

        {query.data ? (
          <table className="w-full text-sm">
            <caption className="sr-only">Partes de tu reputación</caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-500">
                <th scope="col" className="py-2 pr-2 text-left font-medium">
                  Concepto
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Cantidad
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Peso
                </th>
                <th scope="col" className="py-2 pl-2 text-right font-medium">
                  Puntos
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.parts.map((p) => (
                <tr key={p.key} className="border-b border-slate-100" data-testid={`reputation-${p.key}`}>
                  <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-700">
                    {p.label}
                  </th>
                  <td className="px-2 py-2 text-right text-slate-700 tabular-nums">{p.cantidad}</td>
                  <td className="px-2 py-2 text-right text-slate-500 tabular-nums">{signed(p.peso)}</td>
                  <td
                    className={`py-2 pl-2 text-right font-semibold tabular-nums ${
                      p.puntos < 0 ? "text-red-700" : p.puntos > 0 ? "text-emerald-700" : "text-slate-500"
                    }`}
                  >
                    {signed(p.puntos)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3} className="pt-2 pr-2 text-left font-semibold text-slate-900">
                  Total
                </th>
                <td className="pt-2 pl-2 text-right font-bold text-slate-900 tabular-nums">
                  {signed(query.data.total)}
                </td>
              </tr>
            </tfoot>
          </table>
        ) : query.isError ? (
          <Alert title="No pudimos cargar tu reputación">
            <p>{errorMessage(query.error, "Intenta de nuevo en unos momentos.")}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Reintentar
            </Button>
          </Alert>
        ) : (
          <div role="status" aria-label="Cargando reputación" className="grid gap-2">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
          </div>
        )}

        <p className="text-xs text-slate-500">
          Los préstamos devueltos y las entregas completadas (ventas, custodias, donaciones y regalos) suman para ambas
          partes; los préstamos que vencen sin devolverse y las operaciones que cancelas restan.
        </p>
      </section>
    </Card>
  );
}
