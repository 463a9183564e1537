import { formatCredits } from "@valoriza/domain";
import { CircleCheck, Coins, Lock, ReceiptText, RefreshCw, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isAuthError } from "../../lib/api.ts";
import { useMyLimits } from "../../lib/limits.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useWalletBalance, useWalletSync, useWalletTransactions, WALLET_MSG } from "./api.ts";
import { DownloadCsvButton } from "./DownloadCsvButton.tsx";
import { EmptyEntries, EntryList, EntryListSkeleton, LoadError } from "./EntryList.tsx";
import { blockedCredits, formatDateTime, isBlockedWalletEntry, signedCredits } from "./format.ts";

/** The 'wallet' tab: balance cards, 'Sincronizar' and the last 10 wallet transactions. */
export function WalletPanel() {
  const balance = useWalletBalance();
  const transactions = useWalletTransactions();
  const sync = useWalletSync();

  const runSync = async () => {
    try {
      const result = await sync.mutateAsync();
      toast({ title: result.message || "Wallet sincronizada", variant: "success" });
    } catch (error) {
      if (isAuthError(error)) return;
      toast({ title: WALLET_MSG.sync, description: errorMessage(error, ""), variant: "error" });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="wallet-balance-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="wallet-balance-title" className="text-lg font-semibold text-slate-900">
              Balance
            </h2>
            {balance.data?.lastUpdated ? (
              <p className="text-xs text-slate-500">Actualizado: {formatDateTime(balance.data.lastUpdated)}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <DownloadCsvButton kind="movimientos" />
            <Button
              variant="outline"
              size="sm"
              loading={sync.isPending}
              loadingText="Sincronizando…"
              onClick={() => void runSync()}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              Sincronizar
            </Button>
          </div>
        </div>
        {balance.isError ? (
          <LoadError title={WALLET_MSG.loadBalance} error={balance.error} onRetry={() => void balance.refetch()} />
        ) : (
          <dl className="grid gap-3 sm:grid-cols-3">
            <BalanceCard
              label="Balance total"
              icon={<Coins aria-hidden="true" className="size-5 text-teal-600" />}
              value={balance.data?.balance}
              testId="wallet-balance"
            />
            <BalanceCard
              label="Disponibles"
              icon={<CircleCheck aria-hidden="true" className="size-5 text-emerald-600" />}
              value={balance.data?.creditosDisponibles}
              testId="wallet-disponibles"
            />
            <BalanceCard
              label="Bloqueados"
              icon={<Lock aria-hidden="true" className="size-5 text-amber-600" />}
              value={balance.data?.creditosBloqueados}
              testId="wallet-bloqueados"
            />
          </dl>
        )}
        <InReview />
      </section>

      <section aria-labelledby="wallet-history-title" className="flex flex-col gap-3">
        <h2 id="wallet-history-title" className="text-lg font-semibold text-slate-900">
          Últimas transacciones
        </h2>
        {transactions.isPending && transactions.fetchStatus !== "idle" ? (
          <EntryListSkeleton label="Cargando transacciones" rows={3} />
        ) : transactions.isError ? (
          <LoadError
            title={WALLET_MSG.loadTransactions}
            error={transactions.error}
            onRetry={() => void transactions.refetch()}
          />
        ) : (transactions.data ?? []).length === 0 ? (
          <EmptyEntries
            icon={<ReceiptText aria-hidden="true" className="size-6" />}
            title="Tu wallet aún no tiene transacciones."
          />
        ) : (
          <EntryList
            label="Últimas transacciones de la wallet"
            entries={(transactions.data ?? []).map((t) => ({
              id: t.id,
              title: t.tipo || "Transacción",
              description: t.descripcion,
              date: t.createdAt,
              sign: t.valor,
              blocked: isBlockedWalletEntry(t.tipo),
              amount: isBlockedWalletEntry(t.tipo) ? (
                blockedCredits(t.valor)
              ) : (
                <>
                  {signedCredits(t.valor)}
                  <span className="sr-only"> {Math.abs(t.valor) === 1 ? "crédito" : "créditos"}</span>
                </>
              ),
              detail: t.saldoPosterior !== null ? `Saldo: ${formatCredits(t.saldoPosterior)}` : undefined,
            }))}
          />
        )}
      </section>
    </div>
  );
}

function BalanceCard({
  label,
  icon,
  value,
  testId,
}: {
  label: string;
  icon: ReactNode;
  value: number | undefined;
  testId: string;
}) {
  return (
    // One name-value group of the list (dl > div > dt + dd); the value shows above its name.
    <Card className="relative grid min-w-0 content-center py-4 pr-4 pl-18 sm:py-5 sm:pr-5 sm:pl-19">
      <dt className="row-start-2 text-xs font-medium text-slate-500">
        <span className="absolute top-1/2 left-4 flex size-11 -translate-y-1/2 items-center justify-center rounded-xl bg-slate-50 sm:left-5">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="row-start-1 text-2xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
        {value === undefined ? <Skeleton className="h-7 w-20" /> : formatCredits(value)}
      </dd>
    </Card>
  );
}

/**
 * Credits 'en revisión' (ADR 015): how many, why and until when (or what they wait for), the 30-day
 * window, and the way to verify one's identity when that is what they wait for.
 */
function InReview() {
  const { data } = useMyLimits();
  if (!data) return null;
  return (
    <div
      data-testid="wallet-en-revision"
      className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
      role="note"
    >
      {data.creditosEnRevision > 0 ? (
        <>
          <p className="font-semibold">En revisión: {formatCredits(data.creditosEnRevision)} créditos</p>
          <ul className="mt-1 list-disc pl-5">
            {data.revisiones.map((r) => (
              <li key={r._id} data-testid="revision-item" data-espera={r.espera}>
                {formatCredits(r.monto)} créditos{r.activo ? ` de "${r.activo.title}"` : ""}: {r.motivoTexto}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className={data.creditosEnRevision > 0 ? "mt-1" : undefined}>
        {data.verificado
          ? `Liberados en los últimos 30 días: ${formatCredits(data.liberadosVentana)} de ${formatCredits(data.limiteVentana)} (identidad verificada).`
          : `Sin verificación de identidad, los créditos de tus activos esperan en revisión y puedes tener hasta ${formatCredits(data.topeSinVerificar)} créditos disponibles.`}
      </p>
      {data.verificado ? null : (
        <Link
          to="/verificacion"
          className={buttonClasses({ size: "sm", className: "mt-2" })}
          data-testid="verificar-identidad"
        >
          <ShieldCheck aria-hidden="true" className="size-4" />
          Verificar mi identidad
        </Link>
      )}
    </div>
  );
}
