import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { cn, errorMessage } from "../lib/utils.ts";
import { Alert } from "./ui/alert.tsx";
import { Button } from "./ui/button.tsx";
import { Skeleton } from "./ui/skeleton.tsx";

/** What the scaffold reads of a TanStack query (its result satisfies this). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  fetchStatus: "fetching" | "paused" | "idle";
  refetch: () => unknown;
}

/**
 * The placeholder cards while a list loads: `count` skeletons shaped by `itemClassName`, laid out by
 * `className`. With a `label` they are one status region ("Cargando préstamos").
 */
export function ListSkeleton({
  count,
  itemClassName,
  className,
  label,
}: {
  count: number;
  itemClassName: string;
  className?: string;
  label?: string;
}) {
  const items = [...Array(count).keys()].map((k) => <Skeleton key={k} className={itemClassName} />);
  if (!label && count === 1 && !className) return items[0];
  return (
    <div {...(label ? { role: "status", "aria-label": label } : {})} className={className}>
      {items}
    </div>
  );
}

/** The dashed box of a list with nothing in it (`compact`: less padding above and below). */
export function EmptyList({ children, compact = false }: { children: ReactNode; compact?: boolean }) {
  return (
    <p
      className={cn(
        "rounded-2xl border border-dashed border-slate-300 bg-white px-6 text-center text-slate-600",
        compact ? "py-8" : "py-10",
      )}
    >
      {children}
    </p>
  );
}

/**
 * A list's four states from its query: loading (`loading`, only while it is really fetching), the
 * error with 'Reintentar', empty (`empty`: text goes in the dashed box, anything else as is) and the
 * list itself (`children`).
 */
export function ListStates({
  query,
  isEmpty,
  loading,
  errorTitle,
  errorText,
  empty,
  children,
}: {
  query: ListQuery;
  isEmpty: boolean;
  loading: ReactNode;
  errorTitle: string;
  /** The error's text; by default the error's own message, else 'Intenta de nuevo en unos momentos.' */
  errorText?: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending && query.fetchStatus !== "idle") return <>{loading}</>;
  if (query.isError) {
    return (
      <Alert title={errorTitle}>
        <p>{errorText ?? errorMessage(query.error, "Intenta de nuevo en unos momentos.")}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Reintentar
        </Button>
      </Alert>
    );
  }
  if (isEmpty) return typeof empty === "string" ? <EmptyList>{empty}</EmptyList> : empty;
  return <>{children}</>;
}
