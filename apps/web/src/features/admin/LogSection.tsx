import { ADMIN_ACTION_LABELS, ADMIN_MSG } from "@valoriza/domain";
import { Alert } from "../../components/ui/alert.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { errorMessage } from "../../lib/utils.ts";
import { useAdminLog } from "./api.ts";

/** The append-only log of admin actions. */
export function LogSection() {
  const log = useAdminLog();
  return (
    <section aria-labelledby="registro-title" className="mt-4 grid gap-3">
      <h2 id="registro-title" className="text-lg font-semibold text-slate-900">
        {ADMIN_MSG.logTitle} <span className="text-sm font-normal text-slate-500">({log.data?.total ?? 0})</span>
      </h2>
      {log.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : log.isError ? (
        <Alert>{errorMessage(log.error, "Error al cargar el registro")}</Alert>
      ) : (log.data?.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">Aún no hay acciones registradas.</p>
      ) : (
        <ol
          aria-label={ADMIN_MSG.logTitle}
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
        >
          {(log.data?.data ?? []).map((e) => (
            <li key={e._id} className="p-3 text-sm">
              <p className="font-semibold text-slate-900">{ADMIN_ACTION_LABELS[e.accion] ?? e.accion}</p>
              <p className="text-slate-600">{e.detalle}</p>
              <p className="text-xs text-slate-500">
                {e.admin.name} ({e.admin.email}) · {new Date(e.createdAt).toLocaleString("es-CO")}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
