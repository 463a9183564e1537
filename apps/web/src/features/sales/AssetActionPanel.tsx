import { DEALS_MSG, formatCOP, formatNumber, type PaymentMode } from "@valoriza/domain";
import { Banknote, Check, Clock, Coins, ShoppingCart, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { CreditsHowTo, isInsufficientCreditsText } from "../../components/credits-help.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useCredits } from "../../lib/account.ts";
import { ApiError } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { cn } from "../../lib/utils.ts";
import { usePurchase } from "./api.ts";
import { LISTED, SalePrice } from "./SaleOffer.tsx";

/** What the visitor does with an asset, by its purpose (overview §2 Asset detail). */
const ACTION_LABELS: Record<string, string> = {
  vender: "Comprar",
  prestar: "Solicitar préstamo",
  alquilar: "Alquilar",
  intercambiar: "Proponer intercambio",
  donar: "Reclamar",
  regalar: "Reclamar",
};

const MESSAGE_MS = 5000;
const PAYMENT_MESSAGE_MS = 3000;
/** A refusal that explains what to do next (with a link) stays long enough to read. */
const HELP_MESSAGE_MS = 15000;

type Line = { kind: "success" | "error"; text: string };

/**
 * The asset page's main action for visitors (not for owners): 'Comprar' opens a confirmation with
 * the payment choice (Créditos / Dinero); other purposes show a 'pronto' state until their areas exist.
 */
export function AssetActionPanel({ asset }: { asset: Asset }) {
  const label = ACTION_LABELS[asset.mainPurpose] ?? "Solicitar";
  if (asset.mainPurpose !== "vender") {
    return (
      <div className="flex flex-col gap-2">
        <Button size="lg" disabled className="w-full">
          {label}
        </Button>
        <p className="flex items-center justify-center gap-2 text-center text-sm text-slate-600">
          <Badge tone="warning">
            <Clock aria-hidden="true" />
            Pronto
          </Badge>
          Muy pronto podrás hacerlo desde aquí.
        </p>
      </div>
    );
  }
  return <BuyAction asset={asset} />;
}

function BuyAction({ asset }: { asset: Asset }) {
  const { user } = useSession();
  const { credits } = useCredits();
  const purchase = usePurchase();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<PaymentMode | null>(null);
  const [line, setLine] = useState<Line | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const attempt = useRef<{ key: string; mode: PaymentMode } | null>(null);
  const groupId = useId();
  // Keyboard and screen-reader users land on the panel when it opens and back on 'Comprar' when it closes.
  const focusTarget = useRef<"panel" | "button" | null>(null);
  // After every render: a pending focus request is served once its element exists.
  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    const element = document.getElementById(`${groupId}-${target === "panel" ? "title" : "buy"}`);
    if (!element) return;
    focusTarget.current = null;
    element.focus();
  });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const show = (next: Line, ms = MESSAGE_MS) => {
    if (timer.current) clearTimeout(timer.current);
    setLine(next);
    timer.current = setTimeout(() => setLine(null), ms);
  };

  // deals.md, Sale: in credits the asset's credits; in cash the seller's asking price (baseValueCOP).
  const priceCredits = asset.credits ?? 0;
  const priceCOP = asset.baseValueCOP ?? 0;
  const published = asset.privacy !== "privado";
  const listed = LISTED.has(asset.status);

  const start = () => {
    if (!user) {
      show({ kind: "error", text: DEALS_MSG.loginForAction });
      openAuthDialog("login");
      return;
    }
    focusTarget.current = "panel";
    setOpen(true);
  };

  const confirm = async () => {
    if (!user) {
      show({ kind: "error", text: DEALS_MSG.loginForAction });
      return;
    }
    if (!mode) {
      show({ kind: "error", text: DEALS_MSG.paymentMethodRequired }, PAYMENT_MESSAGE_MS);
      return;
    }
    if (mode === "creditos" && credits && credits.disponibles < priceCredits) {
      // It carries how to get credits and a link: it stays long enough to read and follow.
      show({ kind: "error", text: DEALS_MSG.insufficientCredits }, HELP_MESSAGE_MS);
      return;
    }
    // A retry of the same choice reuses its key: the payment is taken once.
    if (attempt.current?.mode !== mode) attempt.current = { key: newIdempotencyKey(), mode };
    try {
      const result = await purchase.mutateAsync({
        activoId: asset.id,
        compradorId: user._id,
        vendedorId: asset.ownerId,
        modoPago: mode,
        monto: mode === "creditos" ? priceCredits : priceCOP,
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      setOpen(false);
      setMode(null);
      show({ kind: "success", text: result.message || "Compra registrada" });
    } catch (error) {
      // A refused purchase will not succeed with the same key; a new attempt gets a new one.
      if (error instanceof ApiError && error.status !== 0) attempt.current = null;
      show({ kind: "error", text: error instanceof Error && error.message ? error.message : DEALS_MSG.actionFailed });
    }
  };

  // Received in a deal and not published again by its new owner: nothing to buy (issue 15 item 10).
  if (!published) {
    return (
      <p className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-center text-sm text-slate-700">
        Este activo cambió de dueño y no está publicado en este momento.
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {!open ? (
        <>
          <SalePrice asset={asset} />
          <Button id={`${groupId}-buy`} size="lg" className="w-full" onClick={start} disabled={!listed}>
            <ShoppingCart aria-hidden="true" className="size-5" />
            Comprar
          </Button>
        </>
      ) : (
        <Card className="flex flex-col gap-4 p-5" role="group" aria-labelledby={`${groupId}-title`}>
          <div>
            <h2 id={`${groupId}-title`} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
              Confirmar compra
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Precio: <strong className="text-slate-900 tabular-nums">{formatNumber(priceCredits)} créditos</strong> o{" "}
              <strong className="text-slate-900 tabular-nums">{formatCOP(priceCOP)}</strong> en dinero.
            </p>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Método de pago</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              <PaymentOption
                name={`${groupId}-pago`}
                value="creditos"
                checked={mode === "creditos"}
                onSelect={setMode}
                title="Créditos"
                detail={credits ? `Disponibles: ${formatNumber(credits.disponibles)}` : "Con tus créditos disponibles"}
                icon={<Coins aria-hidden="true" className="size-5" />}
              />
              <PaymentOption
                name={`${groupId}-pago`}
                value="dinero"
                checked={mode === "dinero"}
                onSelect={setMode}
                title="Dinero"
                detail={`${formatCOP(priceCOP)} al recibirlo`}
                icon={<Banknote aria-hidden="true" className="size-5" />}
              />
            </div>
          </fieldset>
          <p className="text-xs text-slate-600">
            Con créditos, el pago queda en custodia hasta que recibas el activo y confirmes la entrega con el código que
            te da el vendedor.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              className="sm:flex-1"
              loading={purchase.isPending}
              loadingText="Comprando…"
              onClick={() => void confirm()}
            >
              Confirmar compra
            </Button>
            <Button
              variant="outline"
              className="sm:flex-1"
              disabled={purchase.isPending}
              onClick={() => {
                focusTarget.current = "button";
                setOpen(false);
                setMode(null);
              }}
            >
              Cancelar
            </Button>
          </div>
        </Card>
      )}
      {!listed && !open ? (
        <p className="text-center text-sm text-slate-600">Este activo no está disponible en este momento.</p>
      ) : null}
      <div aria-live="polite" className="min-h-0">
        {line ? (
          <p
            data-testid="action-message"
            className={cn(
              "flex items-start gap-2 rounded-xl border px-3.5 py-2.5 text-sm font-medium",
              line.kind === "success"
                ? "border-emerald-200 bg-emerald-50 text-emerald-800"
                : "border-red-200 bg-red-50 text-red-800",
            )}
          >
            {line.kind === "success" ? (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            ) : (
              <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
            )}
            <span>
              {line.text}
              {line.kind === "error" && isInsufficientCreditsText(line.text) ? (
                <CreditsHowTo className="mt-1 font-normal" />
              ) : null}
            </span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

function PaymentOption({
  name,
  value,
  checked,
  onSelect,
  title,
  detail,
  icon,
}: {
  name: string;
  value: PaymentMode;
  checked: boolean;
  onSelect: (mode: PaymentMode) => void;
  title: string;
  detail: string;
  icon: ReactNode;
}) {
  return (
    <label
      className={cn(
        "flex cursor-pointer flex-col gap-1 rounded-xl border-2 p-3 text-sm transition-colors",
        "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-500",
        checked ? "border-emerald-600 bg-emerald-50" : "border-slate-200 hover:border-emerald-300",
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="sr-only"
      />
      <span className="flex items-center gap-2 font-semibold text-slate-900">
        {icon}
        {title}
      </span>
      <span className="text-xs text-slate-600">{detail}</span>
    </label>
  );
}
