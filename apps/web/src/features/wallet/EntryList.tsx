import { ArrowDownLeft, ArrowUpRight, Lock, Minus, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { cn, errorMessage } from "../../lib/utils.ts";
import { formatDateTime } from "./format.ts";

export interface Entry {
  id: string;
  title: string;
  description?: ReactNode;
  date: string;
  /** Signed change in credits: decides the icon and the colour. */
  sign: number;
  /** A change of blocked credits (not spendable): lock icon, amber, never green. */
  blocked?: boolean;
  amount: ReactNode;
  detail?: ReactNode;
}

/** A history list (movements, wallet, transactions): icon by sign, label, text, date and amount. */
export function EntryList({ entries, label }: { entries: Entry[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200/80 bg-white"
    >
      {entries.map((entry) => {
        const Icon = entry.blocked ? Lock : entry.sign > 0 ? ArrowDownLeft : entry.sign < 0 ? ArrowUpRight : Minus;
        return (
          <li key={entry.id} className="flex items-start gap-3 px-4 py-3.5 sm:px-5">
            <span
              aria-hidden="true"
              className={cn(
                "mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-xl",
                entry.blocked
                  ? "bg-amber-50 text-amber-700"
                  : entry.sign > 0
                    ? "bg-emerald-50 text-emerald-700"
                    : entry.sign < 0
                      ? "bg-red-50 text-red-600"
                      : "bg-slate-100 text-slate-500",
              )}
            >
              <Icon className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                <p className="min-w-0 font-semibold break-words text-slate-900">{entry.title}</p>
                <p
                  data-blocked={entry.blocked ? "" : undefined}
                  className={cn(
                    "inline-flex shrink-0 items-center gap-1 font-bold tabular-nums",
                    entry.blocked
                      ? "rounded-full bg-amber-50 px-2 py-0.5 text-sm text-amber-900 ring-1 ring-amber-600/20"
                      : entry.sign > 0
                        ? "text-emerald-700"
                        : entry.sign < 0
                          ? "text-red-700"
                          : "text-slate-700",
                  )}
                >
                  {entry.blocked ? <Lock aria-hidden="true" className="size-3.5" /> : null}
                  {entry.amount}
                </p>
              </div>
              {entry.description ? (
                <p className="mt-0.5 text-sm break-words text-slate-600">{entry.description}</p>
              ) : null}
              <div className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-slate-500">
                <time dateTime={entry.date}>{formatDateTime(entry.date)}</time>
                {entry.detail ? <span className="tabular-nums">{entry.detail}</span> : null}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function EntryListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="divide-y divide-slate-100 rounded-2xl border border-slate-200/80 bg-white"
    >
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="flex items-center gap-3 px-5 py-4">
          <Skeleton className="size-9 rounded-xl" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function EmptyEntries({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
        {icon}
      </span>
      <p className="mt-3 font-semibold text-slate-900">{title}</p>
      {children ? <div className="mt-1 text-sm text-slate-500">{children}</div> : null}
    </div>
  );
}

export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert title={title}>
      <p>{errorMessage(error, "Intenta de nuevo en unos momentos.")}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Reintentar
      </Button>
    </Alert>
  );
}
