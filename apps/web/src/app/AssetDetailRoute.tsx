import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from "react";
import { Skeleton } from "../components/ui/skeleton.tsx";
import { AssetDetailPage } from "../features/assets/AssetDetailPage.tsx";
import { DonationAssetAction } from "../features/donations/DonationAssetAction.tsx";
import { RentPanelSkeleton } from "../features/rentals/rent-panel-skeleton.tsx";
import { SaleOfferPlaceholder } from "../features/sales/SaleOffer.tsx";
import { afterFirstPaint } from "../lib/first-paint.tsx";

/*
 * The deal panels and the chat are their own chunks, fetched once the asset is on screen: the
 * page's title (its largest paint) waits only for this route's small chunk and the asset's data,
 * not for every deal's code. Each panel keeps a placeholder of its main button's size meanwhile.
 * Except a donation's: its height depends on the donation's state (none, for the community, for
 * someone else, for you), so no placeholder can hold its place. Its small, zod-free panel is part of
 * this chunk and renders with the page; the server inlines the state a visitor without a session
 * sees (plugins/web.ts), so for them it paints complete with the title (ADR 012).
 */
const ProposeExchangeAction = lazy(() =>
  import("../features/exchanges/ProposeExchangeAction.tsx").then((m) => ({ default: m.ProposeExchangeAction })),
);
const LoanAssetAction = lazy(() =>
  import("../features/loans/LoanAssetAction.tsx").then((m) => ({ default: m.LoanAssetAction })),
);
const RentAssetAction = lazy(() =>
  import("../features/rentals/RentAssetAction.tsx").then((m) => ({ default: m.RentAssetAction })),
);
const AssetActionPanel = lazy(() =>
  import("../features/sales/index.ts").then((m) => ({ default: m.AssetActionPanel })),
);
const AssetChat = lazy(() => import("../features/chat/AssetChat.tsx").then((m) => ({ default: m.AssetChat })));

/**
 * True once the page has painted (the frame after mount, and on the page the app opened on its first
 * contentful paint), so the panels' code is asked for after the title shows.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    let frame = 0;
    let timer = 0;
    void afterFirstPaint().then(() => {
      if (!live) return;
      frame = requestAnimationFrame(() => {
        timer = window.setTimeout(() => startTransition(() => setPainted(true)), 0);
      });
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * A deal panel: its code is fetched once the page has painted; until it runs, a placeholder laid out
 * like what comes (by default its main button, Button size lg), so nothing below jumps.
 */
function Panel({ children, label, placeholder }: { children: ReactNode; label: string; placeholder?: ReactNode }) {
  const painted = usePainted();
  const waiting = placeholder ?? (
    <div role="status" aria-label={label}>
      <Skeleton className="h-12 w-full rounded-xl" />
    </div>
  );
  return painted ? <Suspense fallback={waiting}>{children}</Suspense> : waiting;
}

/**
 * /ver-activo/{id}: the assets feature's page with the visitor's main action from the deal
 * features and 'Contactar' / the chat card from the chat feature (features never import each other).
 */
export function AssetDetailRoute() {
  return (
    <AssetDetailPage
      renderAction={(asset) =>
        // Received in a deal and not published again (deals.md): no buy or deal action for anyone else.
        asset.privacy === "privado" ? (
          <p
            className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-center text-sm text-slate-700"
            data-testid="asset-unlisted"
          >
            Este activo cambió de dueño y no está publicado en este momento.
          </p>
        ) : asset.mainPurpose === "donar" || asset.mainPurpose === "regalar" ? (
          <DonationAssetAction key={asset.id} asset={asset} />
        ) : (
          <Panel
            label="Cargando acciones"
            placeholder={
              // A sale shows its price and 'Comprar' (AssetActionPanel's default branch below); a rental
              // the shape of its booking panel; the others their main button (the default).
              asset.mainPurpose === "alquilar" ? (
                <RentPanelSkeleton label="Cargando acciones" />
              ) : ["intercambiar", "prestar"].includes(asset.mainPurpose) ? undefined : (
                <SaleOfferPlaceholder asset={asset} label="Cargando acciones" />
              )
            }
          >
            {asset.mainPurpose === "intercambiar" ? (
              <ProposeExchangeAction key={asset.id} asset={asset} />
            ) : asset.mainPurpose === "prestar" ? (
              <LoanAssetAction key={asset.id} asset={asset} />
            ) : asset.mainPurpose === "alquilar" ? (
              <RentAssetAction key={asset.id} asset={asset} />
            ) : (
              <AssetActionPanel key={asset.id} asset={asset} />
            )}
          </Panel>
        )
      }
      renderChat={(asset, isOwner) =>
        // A deactivated asset is final: no deal panels or notes for its owner, only its state.
        isOwner && asset.status === "desactivado" ? null : (
          <>
            {/* The action slot is for visitors; the owner of an `alquilar` asset gets its rental panel here. */}
            {isOwner && asset.mainPurpose === "alquilar" ? (
              <Panel label="Cargando alquiler">
                <RentAssetAction key={`rent-${asset.id}`} asset={asset} />
              </Panel>
            ) : null}
            {/* The owner of a `donar`/`regalar` asset sees its pending donation's state and where to manage it. */}
            {isOwner && (asset.mainPurpose === "donar" || asset.mainPurpose === "regalar") ? (
              <Panel label="Cargando donación">
                <DonationAssetAction key={`donation-${asset.id}`} asset={asset} />
              </Panel>
            ) : null}
            {/* The owner of an `intercambiar` asset: a note on where proposals for it arrive. */}
            {isOwner && asset.mainPurpose === "intercambiar" ? (
              <Panel label="Cargando intercambio">
                <ProposeExchangeAction key={`exchange-${asset.id}`} asset={asset} />
              </Panel>
            ) : null}
            <Panel label="Cargando chat">
              <AssetChat key={asset.id} asset={asset} />
            </Panel>
          </>
        )
      }
    />
  );
}
