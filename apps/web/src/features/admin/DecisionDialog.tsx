import { MODERATION_MOTIVO_MAX, MODERATION_MSG } from "@valoriza/domain";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/input.tsx";
import { isAuthError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { type DecisionKind, useDecision } from "./moderation-api.ts";

/** What each decision says before it is confirmed. */
const COPY: Record<DecisionKind, { title: (what: string) => string; text: string; confirm: string; busy: string }> = {
  ocultar: {
    title: (w) => `¿Ocultar “${w}”?`,
    text: "Deja de aparecer en el inicio, la búsqueda y su enlace para todos menos su dueño, que verá el motivo.",
    confirm: "Ocultar publicación",
    busy: "Ocultando…",
  },
  mostrar: {
    title: (w) => `¿Mostrar de nuevo “${w}”?`,
    text: "Vuelve a aparecer en el inicio, la búsqueda y su enlace.",
    confirm: "Mostrar publicación",
    busy: "Mostrando…",
  },
  suspender: {
    title: (w) => `¿Suspender la cuenta de ${w}?`,
    text: "No podrá iniciar sesión (verá el motivo), sus sesiones abiertas terminan y sus publicaciones se ocultan. Sus operaciones en curso quedan en esta sección para revisarlas.",
    confirm: "Suspender cuenta",
    busy: "Suspendiendo…",
  },
  reactivar: {
    title: (w) => `¿Reactivar la cuenta de ${w}?`,
    text: "Podrá iniciar sesión de nuevo y sus publicaciones vuelven a verse (salvo las ocultas una a una).",
    confirm: "Reactivar cuenta",
    busy: "Reactivando…",
  },
  cerrar: {
    title: () => "¿Cerrar este reporte?",
    text: "Sale de la lista de reportes abiertos. Queda en el registro con el motivo.",
    confirm: "Cerrar reporte",
    busy: "Cerrando…",
  },
};

/** A moderation decision: what it does, a required reason, confirm or cancel. */
export function DecisionDialog({
  decision,
  onClose,
}: {
  decision: { kind: DecisionKind; id: string; what: string } | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={decision !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {decision ? (
        <DialogContent data-testid="decision-dialog">
          <DecisionForm key={`${decision.kind}:${decision.id}`} decision={decision} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function DecisionForm({
  decision,
  onClose,
}: {
  decision: { kind: DecisionKind; id: string; what: string };
  onClose: () => void;
}) {
  const id = useId();
  const copy = COPY[decision.kind];
  const [motivo, setMotivo] = useState("");
  const [motivoError, setMotivoError] = useState<string | undefined>();
  const decide = useDecision();
  const danger = decision.kind === "ocultar" || decision.kind === "suspender";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = motivo.trim();
    if (!text) {
      setMotivoError(MODERATION_MSG.motivoRequired);
      document.getElementById(`${id}-motivo`)?.focus();
      return;
    }
    setMotivoError(undefined);
    decide.mutate(
      { kind: decision.kind, id: decision.id, motivo: text },
      {
        onSuccess: (body) => {
          toast({ title: body?.message || copy.confirm, variant: "success" });
          onClose();
        },
      },
    );
  };

  return (
    <>
      <DialogTitle className="break-words">{copy.title(decision.what)}</DialogTitle>
      <DialogDescription>{copy.text}</DialogDescription>
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
        <Field
          id={`${id}-motivo`}
          label="Motivo"
          error={motivoError}
          hint={
            decision.kind === "ocultar" || decision.kind === "suspender"
              ? "La persona lo verá."
              : "Queda en el registro."
          }
        >
          {(control) => (
            <Textarea
              {...control}
              required
              value={motivo}
              maxLength={MODERATION_MOTIVO_MAX}
              onChange={(e) => {
                setMotivo(e.target.value);
                if (e.target.value.trim()) setMotivoError(undefined);
              }}
              className="min-h-20"
            />
          )}
        </Field>
        {decide.isError && !isAuthError(decide.error) ? (
          <Alert title="No se pudo registrar la decisión">{errorMessage(decide.error, "Intenta de nuevo")}</Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={decide.isPending}>
            Cancelar
          </Button>
          <Button
            type="submit"
            variant={danger ? "danger" : "primary"}
            loading={decide.isPending}
            loadingText={copy.busy}
          >
            {copy.confirm}
          </Button>
        </div>
      </form>
    </>
  );
}
