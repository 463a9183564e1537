import { useMutation, useQuery } from "@tanstack/react-query";
import {
  type AdminIdentity,
  ESTADO_IDENTIDAD_LABELS,
  IDENTITY_MSG,
  MOTIVO_RECHAZO_MAX,
  TIPO_DOCUMENTO_LABELS,
} from "@valoriza/domain";
import { Check, ImageOff, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ApiError, apiRequest, isAuthError } from "../../lib/api.ts";
import { queryClient } from "../../lib/query-client.ts";
import { getToken, useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { cn, errorMessage, formatDate } from "../../lib/utils.ts";

/** The desk's identity verifications (issue 17 item 1, ADR 021): pending first; approve or reject with a reason. */
const KEY = ["admin", "verificaciones"] as const;
type Filter = "pendiente" | "";

function useVerifications(estado: Filter) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...KEY, estado],
    queryFn: async ({ signal }) => {
      const body = (await apiRequest(`/admin/verificaciones${estado ? `?estado=${estado}` : ""}`, { signal })) as {
        data?: AdminIdentity[];
        counts?: Record<string, number>;
      };
      return { data: Array.isArray(body?.data) ? body.data : [], pendientes: body?.counts?.pendiente ?? 0 };
    },
    enabled: user?.isAdmin === true,
    refetchInterval: 15_000,
  });
}

const TONES: Record<AdminIdentity["estado"], BadgeTone> = {
  pendiente: "warning",
  aprobada: "brand",
  rechazada: "danger",
};

export function VerificationsSection() {
  const [estado, setEstado] = useState<Filter>("pendiente");
  const list = useVerifications(estado);
  return (
    <section aria-labelledby="verificaciones-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="verificaciones-title" className="text-lg font-bold text-slate-900">
          Verificaciones de identidad
        </h2>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Mostrar</legend>
          {(
            [
              ["pendiente", `Pendientes${list.data ? ` (${list.data.pendientes})` : ""}`],
              ["", "Todas"],
            ] as const
          ).map(([value, label]) => (
            <Button
              key={value || "todas"}
              size="sm"
              variant={estado === value ? "secondary" : "outline"}
              aria-pressed={estado === value}
              onClick={() => setEstado(value)}
            >
              {label}
            </Button>
          ))}
        </fieldset>
      </div>
      {list.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : list.isError ? (
        <p className="text-sm text-red-700">No se pudieron cargar las verificaciones.</p>
      ) : list.data.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          {estado === "pendiente" ? "No hay verificaciones pendientes." : "Aún no hay verificaciones."}
        </p>
      ) : (
        <ul aria-label="Verificaciones de identidad" className="flex flex-col gap-3">
          {list.data.data.map((v) => (
            <li key={v._id}>
              <VerificationCard v={v} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

function VerificationCard({ v }: { v: AdminIdentity }) {
  const id = useId();
  const [rejecting, setRejecting] = useState(false);
  const [motivo, setMotivo] = useState("");
  const [motivoError, setMotivoError] = useState<string | undefined>();
  const decide = useMutation({
    mutationFn: (d: { action: "aprobar" | "rechazar"; motivo?: string }) =>
      apiRequest(`/admin/verificaciones/${encodeURIComponent(v._id)}/${d.action}`, {
        method: "POST",
        ...(d.action === "rechazar" ? { body: { motivo: d.motivo } } : {}),
      }),
    onSuccess: (_body, d) =>
      toast({
        title: d.action === "aprobar" ? IDENTITY_MSG.aprobadaAdmin : IDENTITY_MSG.rechazadaAdmin,
        variant: "success",
      }),
    onError: (e) => {
      if (isAuthError(e)) return;
      toast({
        title: "No se pudo registrar la decisión",
        description: errorMessage(e, "Intenta de nuevo"),
        variant: "error",
      });
    },
    onSettled: refresh,
  });
  const fullName = [v.usuario.name, v.usuario.apellido].filter(Boolean).join(" ");

  const onReject = (event: FormEvent) => {
    event.preventDefault();
    const text = motivo.trim();
    if (text.length < 3) {
      setMotivoError(IDENTITY_MSG.motivoRequerido);
      document.getElementById(`${id}-motivo`)?.focus();
      return;
    }
    setMotivoError(undefined);
    decide.mutate({ action: "rechazar", motivo: text });
  };

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" data-testid="verificacion">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{fullName || v.usuario.email}</p>
          <p className="text-sm break-all text-slate-500">{v.usuario.email}</p>
        </div>
        <Badge tone={TONES[v.estado]}>{ESTADO_IDENTIDAD_LABELS[v.estado]}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Documento:</dt>
          <dd className="font-medium text-slate-800">
            {TIPO_DOCUMENTO_LABELS[v.tipoDocumento]} {v.numeroDocumento}
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Enviada:</dt>
          <dd className="text-slate-800">{formatDate(v.enviadaEn)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Cuenta creada:</dt>
          <dd className="text-slate-800">{formatDate(v.usuario.createdAt)}</dd>
        </div>
        {v.decididaEn ? (
          <div className="flex gap-1.5">
            <dt className="text-slate-500">Decidida:</dt>
            <dd className="text-slate-800">
              {formatDate(v.decididaEn)}
              {v.decididaPor ? ` por ${v.decididaPor.name}` : ""}
            </dd>
          </div>
        ) : null}
      </dl>
      {v.motivo ? (
        <p className="rounded-lg bg-red-50 p-2.5 text-sm text-red-800">
          <span className="font-semibold">Motivo: </span>
          {v.motivo}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <PrivateImage url={v.imagenes.documento} alt={`Documento de ${fullName || v.usuario.email}`} />
        <PrivateImage url={v.imagenes.selfie} alt={`Selfie de ${fullName || v.usuario.email}`} />
      </div>
      {v.estado === "pendiente" ? (
        rejecting ? (
          <form noValidate onSubmit={onReject} className="flex flex-col gap-3">
            <Field
              id={`${id}-motivo`}
              label="Motivo del rechazo"
              error={motivoError}
              hint="La persona lo verá en la aplicación y en el correo."
            >
              {(control) => (
                <Textarea
                  {...control}
                  value={motivo}
                  maxLength={MOTIVO_RECHAZO_MAX}
                  onChange={(e) => setMotivo(e.target.value)}
                  placeholder="Por ejemplo: la foto del documento está borrosa y no se lee el número."
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="danger" loading={decide.isPending} loadingText="Rechazando…">
                <X aria-hidden="true" className="size-4" />
                Confirmar rechazo
              </Button>
              <Button variant="ghost" onClick={() => setRejecting(false)} disabled={decide.isPending}>
                Cancelar
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              loading={decide.isPending}
              loadingText="Aprobando…"
              onClick={() => decide.mutate({ action: "aprobar" })}
            >
              <Check aria-hidden="true" className="size-4" />
              Aprobar identidad
            </Button>
            <Button variant="outline" onClick={() => setRejecting(true)} disabled={decide.isPending}>
              <X aria-hidden="true" className="size-4" />
              Rechazar
            </Button>
          </div>
        )
      ) : null}
    </Card>
  );
}

/**
 * An admin-only image of the API: fetched with the session (it is never under a public URL) and shown
 * as a blob: URL, freed when the card goes away. A click opens it full size in a new tab.
 */
export function PrivateImage({ url, alt }: { url: string; alt: string }) {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getToken();
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new ApiError(`${res.status}`, res.status);
        objectUrl = URL.createObjectURL(await res.blob());
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  const box =
    "flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50";
  if (state.failed) {
    return (
      <div className={cn(box, "flex-col gap-1 text-xs text-slate-500")}>
        <ImageOff aria-hidden="true" className="size-6" />
        No se pudo cargar la imagen
      </div>
    );
  }
  if (!state.src) return <Skeleton className="aspect-[4/3] w-full rounded-xl" />;
  return (
    <a
      href={state.src}
      target="_blank"
      rel="noreferrer"
      className={cn(box, "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500")}
    >
      <img src={state.src} alt={alt} className="size-full object-contain" />
      <span className="sr-only"> (abrir en tamaño completo)</span>
    </a>
  );
}
