import { LocateFixed } from "lucide-react";
import { useId, useState } from "react";

export interface Coords {
  lat: number;
  lng: number;
}

/**
 * 'Usar mi ubicación' (issue 10): asks the browser for the location once and hands it to the form.
 * The server never keeps it as given: it stores a point moved by up to ~500 m (ADR 013).
 */
export function UseMyLocation({ value, onChange }: { value: Coords | null; onChange: (c: Coords | null) => void }) {
  const id = useId();
  const [state, setState] = useState<"idle" | "asking" | "denied">("idle");
  const toggle = (checked: boolean) => {
    if (!checked) {
      onChange(null);
      setState("idle");
      return;
    }
    if (!("geolocation" in navigator)) {
      setState("denied");
      return;
    }
    setState("asking");
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        onChange({ lat: pos.coords.latitude, lng: pos.coords.longitude });
        setState("idle");
      },
      () => {
        onChange(null);
        setState("denied");
      },
      { enableHighAccuracy: false, timeout: 8000, maximumAge: 300_000 },
    );
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          id={id}
          type="checkbox"
          className="size-4"
          checked={value !== null}
          disabled={state === "asking"}
          onChange={(e) => toggle(e.target.checked)}
        />
        <LocateFixed aria-hidden="true" className="size-4 text-emerald-700" />
        Usar mi ubicación
      </label>
      <p className="text-xs text-slate-500" aria-live="polite">
        {state === "denied"
          ? "Ubicación no disponible"
          : value
            ? "Guardaremos un punto aproximado (a menos de 500 m), nunca tu ubicación exacta."
            : "Para aparecer en Intercambios Locales. Sin ella usamos el centro de tu ciudad."}
      </p>
    </div>
  );
}
