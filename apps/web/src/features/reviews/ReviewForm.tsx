import { formatNumber, REVIEW_COMMENT_MAX } from "@valoriza/domain";
import { useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { cn, errorMessage } from "../../lib/utils.ts";
import { useSubmitReview } from "./api.ts";
import { StarRating } from "./StarRating.tsx";

/** The review of one deal: 1–5 stars and a comment of up to 1.000 characters with its counter. */
export function ReviewForm({ operacionId, name }: { operacionId: string; name: string }) {
  const id = useId();
  const [puntuacion, setPuntuacion] = useState(0);
  const [comentario, setComentario] = useState("");
  const [starsError, setStarsError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const key = useRef<string | null>(null);
  const submit = useSubmitReview();
  const left = REVIEW_COMMENT_MAX - comentario.length;

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setServerError(undefined);
    if (puntuacion < 1) {
      setStarsError("Elige de 1 a 5 estrellas.");
      return;
    }
    key.current ??= newIdempotencyKey();
    submit.mutate(
      { input: { operacionId, puntuacion, comentario: comentario.trim() }, idempotencyKey: key.current },
      {
        onSuccess: (r) => toast({ title: "Calificación enviada", description: r.message, variant: "success" }),
        onError: (err) => {
          key.current = null;
          setServerError(errorMessage(err, "No pudimos enviar tu calificación. Intenta de nuevo."));
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={`Calificar a ${name}`}>
      <StarRating
        value={puntuacion}
        onChange={(n) => {
          setPuntuacion(n);
          setStarsError(undefined);
        }}
        error={starsError}
        legend={`¿Cómo calificas a ${name}?`}
      />
      <Field
        id={`${id}-comentario`}
        label="Comentario"
        optional
        hint={
          <span className={cn(left < 50 && "font-semibold text-amber-700")}>
            {formatNumber(left)} caracteres disponibles
          </span>
        }
      >
        {(control) => (
          <textarea
            {...control}
            value={comentario}
            maxLength={REVIEW_COMMENT_MAX}
            onChange={(e) => setComentario(e.target.value)}
            rows={3}
            placeholder="Cuéntale a la comunidad cómo te fue"
            className="w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-emerald-500 focus-visible:ring-2 focus-visible:ring-emerald-500/30 focus-visible:outline-none sm:text-sm"
          />
        )}
      </Field>
      {serverError ? (
        <p role="alert" className="text-sm text-red-600">
          {serverError}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={submit.isPending} loadingText="Enviando…" className="w-full sm:w-auto">
          Enviar calificación
        </Button>
      </div>
    </form>
  );
}
