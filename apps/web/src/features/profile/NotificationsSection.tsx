import { useQueryClient } from "@tanstack/react-query";
import { CORREO_PREFERENCIAS, type CorreoPreferencia, PUSH_MSG } from "@valoriza/domain";
import { Bell, BellOff, BellRing, RefreshCw } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../lib/toast.ts";
import { cn, errorMessage } from "../../lib/utils.ts";
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  PUSH_ERRORS,
  pushSupport,
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from "./notifications-api.ts";

const CORREO_LABELS: Record<CorreoPreferencia, { title: string; detail: string }> = {
  inmediato: { title: "Al momento", detail: "Un correo por cada paso que necesita tu atención." },
  diario: { title: "Un resumen al día", detail: "Un solo correo cada mañana con los avisos del día anterior." },
  nunca: { title: "Nunca", detail: "Sin correos de avisos; los verás en la campana de Valoriza." },
};

type DeviceState = "cargando" | "activo" | "inactivo" | "bloqueado" | "no-soportado";

const DEVICE_TEXT: Record<DeviceState, string> = {
  cargando: "Revisando este dispositivo…",
  activo: "Activadas en este dispositivo.",
  inactivo: "No están activadas en este dispositivo.",
  bloqueado: "El navegador bloqueó las notificaciones de Valoriza. Permítelas en la configuración del sitio.",
  "no-soportado": "Este navegador no permite notificaciones push. En Android, usa Chrome o instala la aplicación.",
};

/**
 * 'Notificaciones' in /perfil (issue 20 items 2 and 3): how mails arrive (al momento, un resumen al
 * día, nunca), whether pushes are sent, and this device's push subscription.
 */
export function NotificationsSection() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const client = useQueryClient();
  const [correo, setCorreo] = useState<CorreoPreferencia | null>(null);
  const [push, setPush] = useState<boolean | null>(null);
  const [device, setDevice] = useState<DeviceState>("cargando");
  const [deviceBusy, setDeviceBusy] = useState(false);
  const [deviceError, setDeviceError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (pushSupport() !== "soportado") {
      setDevice("no-soportado");
      return;
    }
    if (Notification.permission === "denied") {
      setDevice("bloqueado");
      return;
    }
    currentPushSubscription()
      .then((sub) => live && setDevice(sub ? "activo" : "inactivo"))
      .catch(() => live && setDevice("inactivo"));
    return () => {
      live = false;
    };
  }, []);

  const data = prefs.data;
  const chosenCorreo = correo ?? data?.correo ?? "inmediato";
  const chosenPush = push ?? data?.push ?? true;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { correo: chosenCorreo, push: chosenPush },
      {
        onSuccess: () => {
          setCorreo(null);
          setPush(null);
          toast({ title: PUSH_MSG.preferencesSaved, variant: "success" });
        },
      },
    );
  };

  const onEnable = async () => {
    setDeviceBusy(true);
    setDeviceError(null);
    try {
      await enablePush();
      // Turning it on here means wanting pushes: the account's switch follows.
      if (!chosenPush) await save.mutateAsync({ correo: chosenCorreo, push: true });
      setPush(null);
      setDevice("activo");
      toast({ title: PUSH_MSG.subscribed, variant: "success" });
    } catch (e) {
      if (typeof Notification !== "undefined" && Notification.permission === "denied") setDevice("bloqueado");
      setDeviceError(errorMessage(e, PUSH_ERRORS.failed));
    } finally {
      setDeviceBusy(false);
      void client.invalidateQueries({ queryKey: ["profile"] });
    }
  };

  const onDisable = async () => {
    setDeviceBusy(true);
    setDeviceError(null);
    try {
      await disablePush();
      setDevice("inactivo");
      toast({ title: PUSH_MSG.unsubscribed, variant: "success" });
    } catch (e) {
      setDeviceError(errorMessage(e, "No pudimos desactivar las notificaciones push. Intenta de nuevo."));
    } finally {
      setDeviceBusy(false);
      void client.invalidateQueries({ queryKey: ["profile"] });
    }
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
            <Bell aria-hidden="true" className="size-5" />
          </span>
          <CardTitle id="notifications-section-title">Notificaciones</CardTitle>
        </div>
        <CardDescription className="mt-2">
          Te avisamos de cada paso que necesita tu atención: una compra de tu activo, un código de custodia, un
          préstamo, una propuesta, un mensaje o una disputa.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {prefs.isError ? (
          <Alert title="No pudimos cargar tus preferencias">
            <p>{errorMessage(prefs.error, "Intenta de nuevo.")}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void prefs.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Reintentar
            </Button>
          </Alert>
        ) : null}

        <section aria-labelledby="push-device-title" className="flex flex-col gap-2">
          <h3 id="push-device-title" className="font-semibold text-slate-900">
            Notificaciones push
          </h3>
          <p className="text-sm text-slate-600" role="status" aria-live="polite" data-testid="push-device-state">
            {DEVICE_TEXT[device]}
          </p>
          {deviceError ? <Alert>{deviceError}</Alert> : null}
          {device === "inactivo" || device === "activo" ? (
            <div className="flex flex-wrap gap-2">
              {device === "inactivo" ? (
                <Button
                  variant="secondary"
                  className="self-start"
                  onClick={() => void onEnable()}
                  loading={deviceBusy}
                  loadingText="Activando…"
                >
                  <BellRing aria-hidden="true" className="size-4" />
                  Activar en este dispositivo
                </Button>
              ) : (
                <Button
                  variant="outline"
                  className="self-start"
                  onClick={() => void onDisable()}
                  loading={deviceBusy}
                  loadingText="Desactivando…"
                >
                  <BellOff aria-hidden="true" className="size-4" />
                  Desactivar en este dispositivo
                </Button>
              )}
            </div>
          ) : null}
          {data ? (
            <p className="text-xs text-slate-500">
              {data.dispositivosPush === 1
                ? "1 dispositivo recibe tus notificaciones push."
                : `${data.dispositivosPush} dispositivos reciben tus notificaciones push.`}
            </p>
          ) : null}
        </section>

        <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby="notifications-section-title">
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              name="push"
              checked={chosenPush}
              onChange={(e) => setPush(e.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-emerald-600"
            />
            <span>
              <span className="font-semibold">Enviar notificaciones push</span>
              <span className="block text-slate-600">A los dispositivos donde las activaste.</span>
            </span>
          </label>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold text-slate-900">Avisos por correo</legend>
            {data && !data.correoVerificado ? (
              <Alert variant="info">Verifica tu correo para recibir avisos por correo.</Alert>
            ) : null}
            {CORREO_PREFERENCIAS.map((value) => (
              <label
                key={value}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-xl border-2 p-3 text-sm transition-colors",
                  "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-500",
                  chosenCorreo === value
                    ? "border-emerald-600 bg-emerald-50"
                    : "border-slate-200 hover:border-emerald-300",
                )}
              >
                <input
                  type="radio"
                  name="correo"
                  value={value}
                  checked={chosenCorreo === value}
                  onChange={() => setCorreo(value)}
                  className="mt-0.5 size-4 shrink-0 accent-emerald-600"
                />
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{CORREO_LABELS[value].title}</span>
                  <span className="block text-slate-600">{CORREO_LABELS[value].detail}</span>
                </span>
              </label>
            ))}
          </fieldset>

          {save.isError ? <Alert>{errorMessage(save.error, "No pudimos guardar tus preferencias")}</Alert> : null}
          <Button
            type="submit"
            className="self-start"
            disabled={!data}
            loading={save.isPending}
            loadingText="Guardando…"
          >
            Guardar preferencias
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
