import { creditsLabel, formatCOP, normalizeSearch } from "@valoriza/domain";
import { Receipt } from "lucide-react";
import { useId, useState } from "react";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { type Transaction, useTransactions, WALLET_MSG } from "./api.ts";
import { EmptyEntries, EntryList, EntryListSkeleton, LoadError } from "./EntryList.tsx";
import { blockedCredits, isBlockedTransaction, TRANSACTION_TYPES, transactionLabel } from "./format.ts";

const sameType = (a: string, b: string) => normalizeSearch(a) === normalizeSearch(b);

/** The user's transactions filtered by type with a selector ('Mi Actividad', overview §2). */
export function TransactionsPanel() {
  const transactions = useTransactions();
  const [type, setType] = useState("");
  const selectId = useId();

  const all = transactions.data ?? [];
  // The fixed types of the spec, plus any other type the server sends.
  const types = [...TRANSACTION_TYPES] as string[];
  for (const t of all) if (t.type && !types.some((known) => sameType(known, t.type))) types.push(t.type);
  const visible = type ? all.filter((t) => sameType(t.type, type)) : all;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex w-full flex-col gap-1.5 sm:w-64">
          <Label htmlFor={selectId}>Tipo de transacción</Label>
          <NativeSelect id={selectId} value={type} onChange={(event) => setType(event.target.value)}>
            <option value="">Todas</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {transactionLabel(t)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {transactions.data ? (
          <p className="text-sm text-slate-500" aria-live="polite">
            {visible.length === 1 ? "1 transacción" : `${visible.length} transacciones`}
          </p>
        ) : null}
      </div>
      {transactions.isPending && transactions.fetchStatus !== "idle" ? (
        <EntryListSkeleton label="Cargando transacciones" />
      ) : transactions.isError ? (
        <LoadError
          title={WALLET_MSG.loadTransactions}
          error={transactions.error}
          onRetry={() => void transactions.refetch()}
        />
      ) : visible.length === 0 ? (
        <EmptyEntries
          icon={<Receipt aria-hidden="true" className="size-6" />}
          title="No hay transacciones para mostrar."
        >
          {type ? (
            <p>Prueba con otro tipo de transacción.</p>
          ) : (
            <p>Tus registros, ventas e intercambios aparecerán aquí.</p>
          )}
        </EmptyEntries>
      ) : (
        <EntryList label="Transacciones" entries={visible.map(toEntry)} />
      )}
    </div>
  );
}

function toEntry(t: Transaction) {
  const title = t.asset?.title ? `${transactionLabel(t.type)} · ${t.asset.title}` : transactionLabel(t.type);
  return {
    id: t.id,
    title,
    description: t.description,
    date: t.createdAt,
    sign: t.amountCredits,
    blocked: isBlockedTransaction(t.type),
    amount: isBlockedTransaction(t.type) ? blockedCredits(t.amountCredits) : creditsLabel(t.amountCredits),
    detail: t.amountCOP ? formatCOP(t.amountCOP) : undefined,
  };
}
