import { LocateFixed, SlidersHorizontal } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import type { Coords, Filters } from "./assets.ts";
import { HomeFilters } from "./HomeFilters.tsx";

type LocationState = "idle" | "asking" | "denied";

/** The browser's location, asked once (never stored; only sent to order by distance). */
function askLocation(): Promise<Coords> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new Error("sin geolocalización"));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude }),
      reject,
      { enableHighAccuracy: false, timeout: 8000, maximumAge: 300_000 },
    );
  });
}

/**
 * The home's 'Filtrar y ordenar' and 'Cerca de mí' (issue 20), loaded after the page (React.lazy in
 * HomePage): the home route's first load does not carry them.
 */
export function HomeTools({
  filters,
  coords,
  onCoords,
  onApply,
}: {
  filters: Filters;
  coords: Coords | null;
  onCoords: (c: Coords) => void;
  onApply: (next: Filters) => void;
}) {
  const [state, setState] = useState<LocationState>("idle");
  const [open, setOpen] = useState(false);
  const filterCount = Object.keys(filters).filter((k) => k !== "orden").length;

  const locate = async (): Promise<boolean> => {
    setState("asking");
    try {
      onCoords(await askLocation());
      setState("idle");
      return true;
    } catch {
      setState("denied");
      return false;
    }
  };

  // "Activos cercanos a ti" by distance when the browser already lets the site know where it is
  // (no prompt on load); otherwise 'Cerca de mí' asks.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on load
  useEffect(() => {
    let cancelled = false;
    navigator.permissions
      ?.query({ name: "geolocation" })
      .then((status) => {
        if (status.state !== "granted" || cancelled) return;
        return askLocation().then((c) => {
          if (!cancelled) onCoords(c);
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  // A shared link (or a reload) asking for distance: ask for the location once.
  const byDistance = filters.orden === "distancia";
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the order or the location changes
  useEffect(() => {
    if (byDistance && coords === null && state === "idle") void locate();
  }, [byDistance, coords]);

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls="filtros-activos"
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filtrar y ordenar{filterCount > 0 ? ` (${filterCount})` : ""}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={coords !== null}
          loading={state === "asking"}
          loadingText="Ubicando…"
          onClick={() => void locate()}
        >
          <LocateFixed aria-hidden="true" className="size-4" />
          Cerca de mí
        </Button>
        <p className="text-xs text-slate-500" aria-live="polite">
          {state === "denied"
            ? "No pudimos obtener tu ubicación. Revisa el permiso del navegador."
            : coords
              ? "Ordenamos por cercanía a un punto aproximado de cada activo."
              : ""}
        </p>
      </div>
      {open ? (
        <div id="filtros-activos">
          <HomeFilters
            value={filters}
            hasLocation={coords !== null}
            onAskLocation={locate}
            onApply={(next) => {
              onApply(next);
              setOpen(false);
            }}
            onClear={() => {
              onApply({});
              setOpen(false);
            }}
          />
        </div>
      ) : null}
    </>
  );
}
