import { History } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonClasses } from "../../components/ui/button.tsx";
import { useMovements } from "./api.ts";
import { EmptyEntries, EntryList, EntryListSkeleton, LoadError } from "./EntryList.tsx";
import { blockedCredits, isBlockedMovement, movementLabel, signedCredits } from "./format.ts";

/** History of all the user's movements (GET /movimientos/mis-movimientos/all). */
export function MovementsList() {
  const movements = useMovements();
  if (movements.isPending && movements.fetchStatus !== "idle")
    return <EntryListSkeleton label="Cargando movimientos" />;
  if (movements.isError) {
    return (
      <LoadError
        title="Error al cargar los movimientos"
        error={movements.error}
        onRetry={() => void movements.refetch()}
      />
    );
  }
  const list = movements.data ?? [];
  if (list.length === 0) {
    return (
      <EmptyEntries icon={<History aria-hidden="true" className="size-6" />} title="Aún no tienes movimientos.">
        <p>Cuando registres, intercambies o vendas activos, lo verás aquí.</p>
        <Link to="/registrar-activo" className={buttonClasses({ size: "sm", className: "mt-4" })}>
          Registrar un activo
        </Link>
      </EmptyEntries>
    );
  }
  return (
    <EntryList
      label="Movimientos"
      entries={list.map((m) => ({
        id: m.id,
        title: movementLabel(m.tipo),
        description: m.descripcion,
        date: m.createdAt,
        sign: m.valor,
        blocked: isBlockedMovement(m.tipo),
        amount: isBlockedMovement(m.tipo) ? (
          blockedCredits(m.valor)
        ) : (
          <>
            {signedCredits(m.valor)}
            <span className="sr-only"> {Math.abs(m.valor) === 1 ? "crédito" : "créditos"}</span>
          </>
        ),
      }))}
    />
  );
}
