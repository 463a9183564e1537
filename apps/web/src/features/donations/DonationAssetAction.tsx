import { ASSET_MSG, DONATION_MSG } from "@valoriza/domain";
import { Gift, HandHeart, LogIn, RefreshCw } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ApiError, isAuthError } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { type AssetDonationView, type DonationAction, useAssetDonation, useDonationAction } from "./asset-donation.ts";

type Step = "claim" | "accept" | "reject";

const CONFIRM: Record<Step, { title: string; text: string; button: string; done: string }> = {
  claim: {
    title: "Confirmar reclamo",
    text: "Al confirmar, el activo pasa a ser tuyo y lo verás en Mis Activos.",
    button: "Confirmar",
    done: DONATION_MSG.claimed,
  },
  accept: {
    title: "Confirmar aceptación",
    text: "Al aceptarlo, el activo pasa a ser tuyo y lo verás en Mis Activos.",
    button: "Confirmar",
    done: DONATION_MSG.accepted,
  },
  reject: {
    title: "Confirmar rechazo",
    text: "Si lo rechazas, el activo vuelve a quedar disponible para su dueño.",
    button: "Sí, rechazar",
    done: DONATION_MSG.rejected,
  },
};

/**
 * The asset page's panel for a `donar` or `regalar` asset (GET /donations/asset/{id}).
 * - Visitors: a community donation has 'Reclamar'; a direct donation or gift has 'Aceptar' and
 *   'Rechazar' for its recipient and says "reserved" to anyone else. Each goes through a
 *   confirmation panel. Signed out: 'Inicia sesión primero' and the sign-in dialog.
 * - The owner (who donates): the donation's state and a link to /donar or /regalar to manage it.
 * Afterwards the asset, the header balances and the reputation are read again (the new owner shows).
 */
export function DonationAssetAction({ asset }: { asset: Asset }) {
  const query = useAssetDonation(asset.id);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Cargando donación" className="flex flex-col gap-2">
        <Skeleton className="h-12 w-full rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert title="No pudimos cargar la donación de este activo">
        <p>{errorMessage(query.error, "Intenta de nuevo en unos momentos.")}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Reintentar
        </Button>
      </Alert>
    );
  }

  const refetch = () => void query.refetch();
  if (query.isPlaceholderData) {
    // The page's inlined donation holds the panel's place, unseen, until this person's view arrives;
    // the asset page keeps what follows unseen meanwhile (data-holds-place): the recipient's view is
    // taller, and nothing below may move when it comes.
    return (
      <div role="status" aria-label="Cargando donación" data-holds-place="">
        <div aria-hidden="true" inert className="invisible">
          <DonationPanel asset={asset} donation={query.data} refetch={refetch} />
        </div>
      </div>
    );
  }
  return <DonationPanel asset={asset} donation={query.data} refetch={refetch} />;
}

/** The panel for the donation's state as this person sees it. */
function DonationPanel({
  asset,
  donation,
  refetch,
}: {
  asset: Asset;
  donation: AssetDonationView | null;
  refetch: () => void;
}) {
  const { user, isAuthenticated } = useSession();
  const action = useDonationAction();
  const [confirming, setConfirming] = useState<Step | null>(null);
  const [lost, setLost] = useState<string | null>(null);
  const keys = useRef<Partial<Record<DonationAction, string>>>({});
  const gift = asset.mainPurpose === "regalar";
  const isOwner = Boolean(user && user._id === asset.ownerId);

  if (lost) {
    return (
      <div data-testid="donation-lost">
        <Alert title={lost}>
          <p>Otra persona la reclamó primero. Busca más donaciones en la página de estado.</p>
          <Link to="/status" className="mt-1 inline-block font-semibold underline">
            Ver donaciones comunitarias
          </Link>
        </Alert>
      </div>
    );
  }
  if (isOwner || donation?.role === "donante") return <DonorPanel donation={donation} gift={gift} />;
  if (!donation) {
    return (
      <div data-testid="donation-none">
        <Alert
          variant="info"
          title={gift ? "Este activo no tiene un regalo pendiente" : "Este activo no tiene una donación pendiente"}
        >
          <p>
            {gift
              ? "Cuando su dueño lo regale a alguien, esa persona podrá aceptarlo aquí."
              : "Cuando su dueño lo done a la comunidad, aquí podrás reclamarlo."}
          </p>
        </Alert>
      </div>
    );
  }

  const run = async (step: Step) => {
    const id = donation.id;
    if (!id) return;
    keys.current[step] ??= newIdempotencyKey();
    try {
      const r = await action.mutateAsync({ id, action: step, idempotencyKey: keys.current[step] ?? "" });
      delete keys.current[step];
      setConfirming(null);
      toast({ title: r.message || CONFIRM[step].done, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      delete keys.current[step];
      setConfirming(null);
      const message = errorMessage(e, gift ? "No se pudo aceptar el regalo." : "No se pudo actualizar la donación.");
      if (step === "claim" && e instanceof ApiError && e.status === 409 && message === DONATION_MSG.alreadyClaimed) {
        setLost(message);
      }
      toast({ title: "Error", description: message, variant: "error" });
      refetch();
    }
  };

  const signIn = () => {
    toast({ title: ASSET_MSG.loginFirst, variant: "error" });
    openAuthDialog("login");
  };

  if (donation.reservedForSomeoneElse) {
    return (
      <div data-testid="donation-reserved">
        <Alert variant="info" title={gift ? "Este regalo es para otra persona" : "Esta donación es para otra persona"}>
          {isAuthenticated ? (
            <p>
              Su dueño lo {gift ? "está regalando" : "está donando"} a alguien en particular: solo esa persona puede
              aceptarlo.
            </p>
          ) : (
            <>
              <p>
                Su dueño lo {gift ? "está regalando" : "está donando"} a alguien en particular. Si eres tú, inicia
                sesión para aceptarlo.
              </p>
              <Button size="sm" variant="outline" className="mt-2" onClick={signIn}>
                <LogIn aria-hidden="true" className="size-4" />
                Iniciar sesión
              </Button>
            </>
          )}
        </Alert>
      </div>
    );
  }

  const donor = donation.donor?.name || "Su dueño";
  const summary = donation.community ? (
    <p className="text-sm text-slate-600">
      <span className="font-semibold text-slate-900">{donor}</span> lo dona a la comunidad: la primera persona que lo
      reclame lo recibe.
    </p>
  ) : (
    <p className="text-sm text-slate-600">
      <span className="font-semibold text-slate-900">{donor}</span> te {gift ? "regala" : "dona"} este activo.
    </p>
  );
  const quote = donation.message ? (
    <blockquote className="border-l-4 border-emerald-200 pl-3 text-sm break-words whitespace-pre-line text-slate-700 italic">
      {donation.message}
    </blockquote>
  ) : null;

  if (confirming) {
    const c = CONFIRM[confirming];
    return (
      <Card className="p-4">
        <section aria-labelledby="donation-confirm-title" className="grid gap-3" data-testid="donation-confirm">
          <h2 id="donation-confirm-title" className="font-semibold text-slate-900">
            {c.title}
          </h2>
          {summary}
          {quote}
          <p className="text-sm text-slate-600">{c.text}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant={confirming === "reject" ? "danger" : "primary"}
              loading={action.isPending}
              loadingText="Enviando…"
              onClick={() => void run(confirming)}
            >
              {c.button}
            </Button>
            <Button variant="outline" disabled={action.isPending} onClick={() => setConfirming(null)}>
              Cancelar
            </Button>
          </div>
        </section>
      </Card>
    );
  }

  const ask = (step: Step) => (isAuthenticated ? setConfirming(step) : signIn());
  const Icon = gift ? Gift : HandHeart;
  return (
    <Card className="grid gap-3 p-4" data-testid="donation-panel">
      <p className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
        <Icon aria-hidden="true" className="size-4" />
        {donation.community ? "Donación comunitaria" : gift ? "Regalo para ti" : "Donación para ti"}
      </p>
      {summary}
      {quote}
      {donation.community ? (
        <Button size="lg" className="w-full" onClick={() => ask("claim")}>
          Reclamar
        </Button>
      ) : donation.role === "beneficiario" ? (
        <div className="grid grid-cols-2 gap-2">
          <Button size="lg" onClick={() => ask("accept")}>
            Aceptar
          </Button>
          <Button size="lg" variant="outline" onClick={() => ask("reject")}>
            Rechazar
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** The donor's (owner's) view: the pending donation's state, or how to donate it; managed in /donar or /regalar. */
function DonorPanel({ donation, gift }: { donation: AssetDonationView | null | undefined; gift: boolean }) {
  const manage = donation?.community ? "/donar" : gift ? "/regalar" : "/donar";
  const link = (
    <Link to={manage} className={buttonClasses({ variant: "outline", size: "sm", className: "mt-2" })}>
      {manage === "/regalar" ? "Gestionar en Regalar" : "Gestionar en Donar"}
    </Link>
  );
  if (!donation) {
    return (
      <div data-testid="donation-owner-panel">
        <Alert variant="info" title={gift ? "Sin regalo pendiente" : "Sin donación pendiente"}>
          <p>
            {gift
              ? "Para regalar este activo a alguien, hazlo desde Regalar."
              : "Para donarlo a una persona o a la comunidad, hazlo desde Donar."}
          </p>
          <Link
            to={gift ? "/regalar" : "/donar"}
            className={buttonClasses({ variant: "outline", size: "sm", className: "mt-2" })}
          >
            {gift ? "Ir a Regalar" : "Ir a Donar"}
          </Link>
        </Alert>
      </div>
    );
  }
  const to = donation.recipient?.name;
  return (
    <div data-testid="donation-owner-panel">
      <Alert
        variant="info"
        title={
          donation.community
            ? "Tu donación comunitaria está pendiente"
            : gift
              ? "Tu regalo está pendiente"
              : "Tu donación está pendiente"
        }
      >
        <p data-testid="donation-owner-state">
          {donation.community
            ? "La primera persona que la reclame recibirá el activo."
            : `Esperando a que ${to || "quien lo recibe"} lo acepte.`}
        </p>
        {donation.message ? <p className="mt-1 italic">“{donation.message}”</p> : null}
        {link}
      </Alert>
    </div>
  );
}
