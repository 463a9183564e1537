import {
  DEFAULT_LOCATION,
  EXCHANGE_MSG,
  formatNumber,
  MOBILITY_MAX_KM,
  type Mobility,
  type NearbyAsset,
} from "@valoriza/domain";
import { LocateFixed, MapPin, Search } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Link } from "react-router-dom";
import { PersonLink } from "../../components/person-link.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { assetPath } from "../../lib/assets.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useMyExchangeableAssets, useNearbySearch, useProposeLocal } from "./api.ts";

const RangeMap = lazy(() => import("./RangeMap.tsx"));

const MOBILITY_LABELS: Record<Mobility, string> = {
  walk: "A pie (hasta 2 km)",
  bike: "En bicicleta (hasta 10 km)",
  car: "En carro (hasta 30 km)",
};

/** /intercambios-locales 'Intercambios Locales' (overview §2): nearby assets by mobility mode, and propose. */
export function LocalExchangesPage() {
  useDocumentTitle(EXCHANGE_MSG.localTitle);
  const { isAuthenticated } = useSession();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{EXCHANGE_MSG.localTitle}</h1>
        <p className="mt-1 text-slate-600">Encuentra activos para intercambiar cerca de ti.</p>
      </header>
      {isAuthenticated ? (
        <LocalSearch />
      ) : (
        <p role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-center text-amber-900">
          {EXCHANGE_MSG.loginForLocal}
        </p>
      )}
    </div>
  );
}

function LocalSearch() {
  const id = useId();
  const [mobility, setMobility] = useState<Mobility>("bike");
  const [where, setWhere] = useState<{ lat: number; lng: number } | null>(null);
  const [fallback, setFallback] = useState(false);
  const search = useNearbySearch();
  const mine = useMyExchangeableAssets();
  const proposeLocal = useProposeLocal();
  const [offered, setOffered] = useState("");

  const run = (p: { lat: number; lng: number }, m: Mobility) =>
    search.mutate(
      { userLocation: p, mobility: m },
      {
        onError: (err) =>
          toast({
            title: EXCHANGE_MSG.nearbyFailed,
            description: errorMessage(err, EXCHANGE_MSG.nearbyFailed),
            variant: "error",
          }),
      },
    );

  const locate = () => {
    const fallBack = () => {
      setFallback(true);
      setWhere(DEFAULT_LOCATION);
      toast({ title: EXCHANGE_MSG.locationUnavailable, description: "Buscamos desde Bogotá.", variant: "info" });
      run(DEFAULT_LOCATION, mobility);
    };
    if (!("geolocation" in navigator)) return fallBack();
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const p = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        setFallback(false);
        setWhere(p);
        run(p, mobility);
      },
      fallBack,
      { enableHighAccuracy: false, timeout: 8000, maximumAge: 300_000 },
    );
  };

  const propose = async (a: NearbyAsset) => {
    const offer = mine.data?.find((x) => x.id === offered) ?? mine.data?.[0];
    if (!offer) {
      toast({ title: EXCHANGE_MSG.localProposeFailed, description: EXCHANGE_MSG.noAssetsAvailable, variant: "error" });
      return;
    }
    const owner = typeof a.userId === "string" ? a.userId : a.userId._id;
    try {
      await proposeLocal.mutateAsync({
        offeredAssetId: offer.id,
        requestedAssetId: a._id,
        targetUserId: owner,
        mobility,
        idempotencyKey: newIdempotencyKey(),
      });
      toast({
        title: EXCHANGE_MSG.proposalSent,
        variant: "success",
        description: `Propusiste "${offer.title}" por "${a.title}". Vence en 24 horas.`,
      });
    } catch (err) {
      toast({
        title: EXCHANGE_MSG.localProposeFailed,
        description: errorMessage(err, EXCHANGE_MSG.localProposeFailed),
        variant: "error",
      });
    }
  };

  const results = search.data?.results ?? [];
  return (
    <div className="flex flex-col gap-5">
      <Card className="grid gap-4 p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field id={`${id}-mobility`} label="Movilidad">
          {(p) => (
            <NativeSelect
              {...p}
              value={mobility}
              onChange={(e) => {
                const m = e.target.value as Mobility;
                setMobility(m);
                if (where) run(where, m);
              }}
            >
              {(Object.keys(MOBILITY_LABELS) as Mobility[]).map((m) => (
                <option key={m} value={m}>
                  {MOBILITY_LABELS[m]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id={`${id}-offer`} label="Activo que ofreces">
          {(p) => (
            <NativeSelect {...p} value={offered} onChange={(e) => setOffered(e.target.value)}>
              {(mine.data ?? []).length === 0 ? <option value="">{EXCHANGE_MSG.noAssetsAvailable}</option> : null}
              {(mine.data ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Button onClick={locate} disabled={search.isPending}>
          <LocateFixed aria-hidden="true" />
          Buscar cerca de mí
        </Button>
      </Card>

      {where ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <MapPin aria-hidden="true" className="size-4" />
          {fallback ? `${EXCHANGE_MSG.locationUnavailable}: buscando desde Bogotá.` : "Buscando desde tu ubicación."}
        </p>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="nearby-title" className="flex flex-col gap-3">
          <h2 id="nearby-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Search aria-hidden="true" className="size-5" />
            Activos cercanos {search.data ? `(${search.data.count})` : ""}
          </h2>
          {search.data && results.length === 0 ? (
            <p className="text-slate-600">
              No encontramos activos para intercambiar a menos de {MOBILITY_MAX_KM[mobility]} km.
            </p>
          ) : null}
          <ul className="flex flex-col gap-3" aria-label="Activos cercanos">
            {results.map((a) => (
              <li key={a._id}>
                <Card className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="nearby-asset">
                  <div className="min-w-0">
                    <Link to={assetPath(a._id)} className="font-semibold text-slate-900 hover:underline">
                      {a.title}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {formatNumber(a.distanceKm)} km · {a.category}
                      {typeof a.userId === "object" && a.userId.name ? (
                        <>
                          {" · "}
                          <PersonLink id={a.userId._id} name={a.userId.name} />
                        </>
                      ) : null}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge
                      tone={
                        a.proximityBadge === "Muy cercano"
                          ? "brand"
                          : a.proximityBadge === "Cercano"
                            ? "info"
                            : "neutral"
                      }
                    >
                      {a.proximityBadge}
                    </Badge>
                    <Button size="sm" onClick={() => propose(a)} disabled={proposeLocal.isPending}>
                      Proponer intercambio
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </section>
        {where ? (
          <Suspense fallback={<div className="h-64 w-full rounded-2xl bg-slate-100" />}>
            <RangeMap center={where} maxKm={MOBILITY_MAX_KM[mobility]} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
