import { useMutation } from "@tanstack/react-query";
import {
  formatNumber,
  MODERATION_MSG,
  REPORT_DESCRIPCION_MAX,
  REPORT_MOTIVO_LABELS,
  REPORT_MOTIVOS,
  type ReportMotivo,
  type ReportTipo,
} from "@valoriza/domain";
import { type FormEvent, useId, useState } from "react";
import { ApiError, apiRequest, isAuthError } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { errorMessage } from "../lib/utils.ts";
import { Alert } from "./ui/alert.tsx";
import { Button } from "./ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog.tsx";
import { Field } from "./ui/field.tsx";
import { NativeSelect, Textarea } from "./ui/input.tsx";

const TITLES: Record<ReportTipo, string> = {
  activo: "Reportar publicación",
  usuario: "Reportar a esta persona",
  mensaje: "Reportar mensaje",
};

/** The report form (POST /api/reportes): motive (required) and description (optional, up to 1.000). */
export function ReportDialog({
  tipo,
  objetivoId,
  what,
  onClose,
}: {
  tipo: ReportTipo;
  objetivoId: string;
  what: string;
  onClose: () => void;
}) {
  const id = useId();
  const [motivo, setMotivo] = useState<ReportMotivo | "">("");
  const [descripcion, setDescripcion] = useState("");
  const [motivoError, setMotivoError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: () =>
      apiRequest("/reportes", { method: "POST", body: { tipo, objetivoId, motivo, descripcion: descripcion.trim() } }),
    onSuccess: () => {
      toast({ title: MODERATION_MSG.reportSent, variant: "success" });
      onClose();
    },
    onError: (e) => {
      if (isAuthError(e)) return onClose();
      // Already reported: nothing to fix, say so and close.
      if (e instanceof ApiError && e.status === 409) {
        toast({ title: e.message, variant: "info" });
        onClose();
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!motivo) {
      setMotivoError(MODERATION_MSG.invalidMotivo);
      document.getElementById(`${id}-motivo`)?.focus();
      return;
    }
    setMotivoError(undefined);
    send.mutate();
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="report-dialog">
        <DialogTitle>{TITLES[tipo]}</DialogTitle>
        <DialogDescription className="break-words">
          {what}. Tu reporte es confidencial: la otra persona no sabrá quién lo envió.
        </DialogDescription>
        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
          <Field id={`${id}-motivo`} label="Motivo" error={motivoError}>
            {(control) => (
              <NativeSelect
                {...control}
                value={motivo}
                required
                onChange={(e) => {
                  setMotivo(e.target.value as ReportMotivo);
                  setMotivoError(undefined);
                }}
              >
                <option value="">Elige un motivo</option>
                {REPORT_MOTIVOS.map((m) => (
                  <option key={m} value={m}>
                    {REPORT_MOTIVO_LABELS[m]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field
            id={`${id}-descripcion`}
            label="Descripción"
            optional
            hint={`${formatNumber(descripcion.length)} / ${formatNumber(REPORT_DESCRIPCION_MAX)} caracteres`}
          >
            {(control) => (
              <Textarea
                {...control}
                value={descripcion}
                maxLength={REPORT_DESCRIPCION_MAX}
                onChange={(e) => setDescripcion(e.target.value)}
                placeholder="Cuéntanos qué pasó: qué te pidieron, cuándo, cualquier detalle que nos ayude."
              />
            )}
          </Field>
          {send.isError &&
          !isAuthError(send.error) &&
          !(send.error instanceof ApiError && send.error.status === 409) ? (
            <Alert title="No se pudo enviar el reporte">{errorMessage(send.error, "Intenta de nuevo")}</Alert>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={send.isPending}>
              Cancelar
            </Button>
            <Button type="submit" variant="danger" loading={send.isPending} loadingText="Enviando…">
              Enviar reporte
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
