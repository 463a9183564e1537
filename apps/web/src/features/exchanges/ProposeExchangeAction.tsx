import { ASSET_MSG, creditsLabel, EXCHANGE_MSG, type ExchangeProposal } from "@valoriza/domain";
import { ArrowLeftRight } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import type { Asset } from "../../lib/assets.ts";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";

// The panel (my assets, the values, the form and the exchanges' contracts, with zod) is its own chunk,
// asked for when the pointer or the focus reaches 'Proponer intercambio': the asset page shows the
// button without it, and a visitor who only looks loads none of it.
const loadPanel = () => import("./ProposeExchangePanel.tsx");
const ProposeExchangePanel = lazy(() => loadPanel().then((m) => ({ default: m.ProposeExchangePanel })));
const preloadPanel = () => void loadPanel().catch(() => {});

/** Assets another person can ask for in an exchange (the server re-checks under its locks). */
const REQUESTABLE = new Set(["activo", "disponible"]);

/**
 * The asset page's 'Proponer intercambio' for an `intercambiar` asset of someone else: opens a panel
 * right here where I pick one of my exchangeable assets, compare both values, optionally add credits
 * and send the proposal (POST /exchanges). Signed out: 'Inicia sesión primero' and the sign-in
 * dialog; the panel opens once signed in. My own asset: a note instead of the panel.
 */
export function ProposeExchangeAction({ asset }: { asset: Asset }) {
  const { user } = useSession();
  const id = useId();
  const [open, setOpen] = useState(false);
  // Asked while signed out: the panel opens as soon as the session starts.
  const [wanted, setWanted] = useState(false);
  const [sent, setSent] = useState<ExchangeProposal | null>(null);
  const focusButton = useRef(false);

  useEffect(() => {
    if (!focusButton.current) return;
    focusButton.current = false;
    document.getElementById(`${id}-open`)?.focus();
  });

  if (user && asset.ownerId === user._id) {
    return (
      <Alert variant="info" title="Este activo es tuyo">
        <p>
          Otras personas pueden proponerte intercambios por él; los ves en{" "}
          <Link to="/intercambiar?tab=recibidas" className="font-semibold underline">
            Intercambiar › Recibidas
          </Link>
          .
        </p>
      </Alert>
    );
  }

  if (sent) {
    const extra = sent.creditosAdicionales;
    return (
      <Alert variant="success" title={EXCHANGE_MSG.proposalSent}>
        <p data-testid="exchange-sent">
          Propusiste «{sent.offeredAssetId.title}»{extra > 0 ? ` más ${creditsLabel(extra)}` : ""} por «
          {sent.requestedAssetId.title}».
          {extra > 0 ? " Los créditos adicionales quedan en custodia hasta que respondan." : ""} Síguela en{" "}
          <Link
            to={`/intercambiar?tab=enviadas&propuesta=${encodeURIComponent(sent._id)}`}
            className="font-semibold underline"
          >
            Intercambiar › Enviadas
          </Link>
          .
        </p>
      </Alert>
    );
  }

  if (!REQUESTABLE.has(asset.status)) {
    return (
      <Alert variant="info" title={EXCHANGE_MSG.requestedUnavailable}>
        <p>Puede estar en otra operación o ya tener otro dueño.</p>
      </Alert>
    );
  }

  if (user && (open || wanted)) {
    return (
      <Suspense
        fallback={
          <div role="status" aria-label="Cargando intercambio">
            <Skeleton className="h-48 w-full rounded-xl" />
          </div>
        }
      >
        <ProposeExchangePanel
          asset={asset}
          onClose={() => {
            focusButton.current = true;
            setWanted(false);
            setOpen(false);
          }}
          onSent={(proposal) => {
            setWanted(false);
            setOpen(false);
            setSent(proposal);
          }}
        />
      </Suspense>
    );
  }

  return (
    <Button
      id={`${id}-open`}
      size="lg"
      className="w-full"
      aria-expanded={false}
      onPointerEnter={preloadPanel}
      onFocus={preloadPanel}
      onClick={() => {
        if (!user) {
          toast({ title: ASSET_MSG.loginFirst, variant: "error" });
          setWanted(true);
          openAuthDialog("login");
          return;
        }
        setOpen(true);
      }}
    >
      <ArrowLeftRight aria-hidden="true" className="size-5" />
      Proponer intercambio
    </Button>
  );
}
