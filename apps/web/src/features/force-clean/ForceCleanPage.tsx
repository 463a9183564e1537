import { TIMINGS } from "@valoriza/domain";
import { CircleCheck, CircleExclamationPoint, RefreshCw, Sparkles, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { endSession, useSession } from "../../lib/session.tsx";
import { cn, errorMessage } from "../../lib/utils.ts";
import { cleanBrowserData } from "./clean.ts";

type CleanState = "ready" | "cleaning" | "success" | "error";

const REDIRECT_SECONDS = Math.round(TIMINGS.redirectAfterClean / 1000);

/**
 * /force-clean: says what it will remove (and that it signs the person out), starts on a click,
 * then goes home 3 s after it finished. States: ready, cleaning, success, error.
 */
export function ForceCleanPage() {
  useDocumentTitle("Limpiar datos");
  const { user } = useSession();
  const [state, setState] = useState<CleanState>("ready");
  const [error, setError] = useState("");
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);

  const run = useCallback(async () => {
    setState("cleaning");
    setError("");
    try {
      await cleanBrowserData();
      endSession("logout");
      setState("success");
    } catch (cause) {
      setError(errorMessage(cause, "No se pudieron eliminar los datos guardados."));
      setState("error");
    }
  }, []);

  useEffect(() => {
    if (state !== "success") return;
    const tick = setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    // A full page load so nothing of the old state survives in memory.
    const redirect = setTimeout(() => window.location.replace("/"), TIMINGS.redirectAfterClean);
    return () => {
      clearInterval(tick);
      clearTimeout(redirect);
    };
  }, [state]);

  const view = {
    ready: {
      icon: <Sparkles aria-hidden="true" className="size-7" />,
      tone: "bg-emerald-50 text-emerald-700",
      title: "¿Qué hace esta limpieza?",
      text: "Elimina los datos que este navegador guarda de Valoriza: service workers, caché, almacenamiento local, de sesión e IndexedDB. Úsala si la aplicación se ve desactualizada o no carga bien.",
    },
    cleaning: {
      icon: <Spinner className="size-7" />,
      tone: "bg-emerald-50 text-emerald-700",
      title: "Limpiando datos…",
      text: "Eliminando service workers, caché, almacenamiento local, de sesión e IndexedDB.",
    },
    success: {
      icon: <CircleCheck aria-hidden="true" className="size-7" />,
      tone: "bg-emerald-100 text-emerald-700",
      title: "¡Limpieza completada!",
      text: `Redirigiendo al inicio en ${secondsLeft} ${secondsLeft === 1 ? "segundo" : "segundos"}…`,
    },
    error: {
      icon: <CircleExclamationPoint aria-hidden="true" className="size-7" />,
      tone: "bg-red-50 text-red-600",
      title: "No pudimos completar la limpieza",
      text: error,
    },
  }[state];

  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center px-6 py-12 text-center sm:px-10">
      <span className={cn("flex size-14 items-center justify-center rounded-2xl", view.tone)}>{view.icon}</span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Limpiar datos del navegador</h1>
      <div role="status" aria-live="polite" data-state={state} className="mt-3">
        <p className="font-semibold text-slate-800">{view.title}</p>
        <p className="mt-1 text-sm text-slate-600">{view.text}</p>
      </div>
      {state === "ready" ? (
        <>
          <p className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-600/20">
            {user
              ? "Se cerrará tu sesión en este navegador: tendrás que volver a iniciar sesión. Tus activos y créditos no cambian."
              : "Tus activos y créditos no cambian: solo se borra lo guardado en este navegador."}
          </p>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row">
            <Button onClick={() => void run()}>
              <Trash2 aria-hidden="true" className="size-4" />
              Limpiar datos
            </Button>
            <Link to="/" className={buttonClasses({ variant: "outline" })}>
              Cancelar
            </Link>
          </div>
        </>
      ) : null}
      {state === "error" ? (
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => void run()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Reintentar
          </Button>
          <Link to="/" className={buttonClasses({ variant: "outline" })}>
            Volver al inicio
          </Link>
        </div>
      ) : null}
      {state === "success" ? (
        <a href="/" className="mt-6 text-sm font-medium text-emerald-700 hover:underline">
          Ir al inicio ahora
        </a>
      ) : null}
    </Card>
  );
}
