import { RequireSession } from "../../components/require-session.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { DownloadCsvButton } from "./DownloadCsvButton.tsx";
import { MovementsList } from "./MovementsList.tsx";
import { TransactionsPanel } from "./TransactionsPanel.tsx";

/** /movimientos: history of all movements (overview §2). */
export function MovementsPage() {
  useDocumentTitle("Movimientos");
  return (
    <RequireSession message="Debes iniciar sesión para ver tus movimientos.">
      <div className="flex flex-col gap-6">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Movimientos</h1>
            <p className="mt-1 text-slate-500">El historial de todo lo que ha pasado con tus activos y tus créditos.</p>
          </div>
          <DownloadCsvButton kind="movimientos" />
        </header>
        <MovementsList />
      </div>
    </RequireSession>
  );
}

/** /mi-actividad: transactions filtered by type (overview §2). */
export function ActivityPage() {
  useDocumentTitle("Mi Actividad");
  return (
    <RequireSession message="Debes iniciar sesión para ver tu actividad.">
      <div className="flex flex-col gap-6">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Mi Actividad</h1>
            <p className="mt-1 text-slate-500">Tus transacciones: registros, ventas, intercambios y más.</p>
          </div>
          <DownloadCsvButton kind="transacciones" />
        </header>
        <TransactionsPanel />
      </div>
    </RequireSession>
  );
}
