import {
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_DESCRIPTION_MIN,
  DISPUTE_MAX_IMAGES,
  DISPUTE_MOTIVO_LABELS,
  DISPUTE_MOTIVOS,
  DISPUTE_MSG,
  type DisputeMotivo,
} from "@valoriza/domain";
import { ImagePlus, MessageSquareWarning, Scale, X } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { isAuthError } from "../../lib/api.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import type { CustodyView } from "./api.ts";
import { evidenceFromFile, useOpenDispute } from "./dispute-api.ts";

/**
 * A custody's dispute line on /custodia (issue 19): while pending, 'Abrir disputa' (either party) opens
 * the form; once disputed, a note that the Valoriza team is reviewing it (no code, no cancel).
 */
export function CustodyDisputeLine({ custody }: { custody: CustodyView }) {
  const [open, setOpen] = useState(false);
  if (custody.estado === "en_disputa") {
    return (
      <p
        className="flex items-start gap-2 rounded-xl bg-orange-50 px-3.5 py-3 text-sm text-orange-900"
        data-testid="custody-disputed"
      >
        <Scale aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {DISPUTE_MSG.enDisputa} Les escribiremos a ambos con la decisión.
      </p>
    );
  }
  if (custody.estado !== "pendiente") return null;
  return (
    <div className="flex justify-end">
      <Button variant="ghost" size="sm" className="text-slate-700" onClick={() => setOpen(true)}>
        <MessageSquareWarning aria-hidden="true" className="size-4" />
        Abrir disputa
        <span className="sr-only"> sobre {custody.assetTitle}</span>
      </Button>
      {open ? <DisputeDialog custody={custody} open={open} onOpenChange={setOpen} /> : null}
    </div>
  );
}

interface Photo {
  key: number;
  name: string;
  data: string;
}
let photoSeq = 0;

function DisputeDialog({
  custody,
  open,
  onOpenChange,
}: {
  custody: CustodyView;
  open: boolean;
  onOpenChange: (v: boolean) => void;
}) {
  const id = useId();
  const openDispute = useOpenDispute();
  const [motivo, setMotivo] = useState<DisputeMotivo | "">("");
  const [descripcion, setDescripcion] = useState("");
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [errors, setErrors] = useState<{ motivo?: string; descripcion?: string; fotos?: string; form?: string }>({});
  const [reading, setReading] = useState(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const addPhotos = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setErrors((e) => ({ ...e, fotos: undefined }));
    const room = DISPUTE_MAX_IMAGES - photos.length;
    if (files.length > room) {
      setErrors((e) => ({ ...e, fotos: DISPUTE_MSG.demasiadasImagenes }));
      return;
    }
    setReading(true);
    try {
      const added: Photo[] = [];
      for (const file of Array.from(files))
        added.push({ key: ++photoSeq, name: file.name, data: await evidenceFromFile(file) });
      setPhotos((p) => [...p, ...added]);
    } catch (e) {
      setErrors((x) => ({ ...x, fotos: errorMessage(e, "No pudimos leer la foto") }));
    } finally {
      setReading(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = descripcion.trim();
    const problems = {
      motivo: motivo ? undefined : DISPUTE_MSG.motivoInvalido,
      descripcion: text.length < DISPUTE_DESCRIPTION_MIN ? DISPUTE_MSG.descripcionRequerida : undefined,
    };
    setErrors(problems);
    if (!motivo || problems.descripcion) return;
    const body = { id: custody.id, motivo, descripcion: text, imagenes: photos.map((p) => p.data) };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
    try {
      const result = await openDispute.mutateAsync({ ...body, idempotencyKey: attempt.current.key });
      attempt.current = null;
      toast({ title: "Disputa abierta", description: result.message, variant: "success" });
      onOpenChange(false);
    } catch (e) {
      if (isAuthError(e)) return;
      attempt.current = null;
      setErrors({ form: errorMessage(e, "No se pudo abrir la disputa") });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Abrir disputa</DialogTitle>
        <DialogDescription>
          Sobre "{custody.assetTitle}". Mientras el equipo de Valoriza revisa, nadie puede confirmar ni cancelar esta
          custodia.
        </DialogDescription>
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 grid gap-4">
          <Field id={`${id}-motivo`} label="Motivo" error={errors.motivo}>
            {(c) => (
              <NativeSelect
                {...c}
                value={motivo}
                onChange={(e) => {
                  setMotivo(e.target.value as DisputeMotivo);
                  setErrors((x) => ({ ...x, motivo: undefined }));
                }}
              >
                <option value="">Selecciona el motivo</option>
                {DISPUTE_MOTIVOS.map((m) => (
                  <option key={m} value={m}>
                    {DISPUTE_MOTIVO_LABELS[m]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field id={`${id}-descripcion`} label="Descripción" error={errors.descripcion}>
            {(c) => (
              <Textarea
                {...c}
                rows={4}
                maxLength={DISPUTE_DESCRIPTION_MAX}
                value={descripcion}
                onChange={(e) => {
                  setDescripcion(e.target.value);
                  if (errors.descripcion) setErrors((x) => ({ ...x, descripcion: undefined }));
                }}
                placeholder="Cuéntanos qué pasó"
              />
            )}
          </Field>
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium text-slate-700" id={`${id}-fotos-label`}>
              Fotos <span className="font-normal text-slate-500">(opcional, hasta {DISPUTE_MAX_IMAGES})</span>
            </p>
            {photos.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-labelledby={`${id}-fotos-label`}>
                {photos.map((p, i) => (
                  <li key={p.key} className="relative">
                    <img src={p.data} alt={`Foto ${i + 1}: ${p.name}`} className="size-16 rounded-lg object-cover" />
                    <button
                      type="button"
                      className="absolute -top-2 -right-2 flex size-8 items-center justify-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-300 hover:text-red-700 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none"
                      onClick={() => setPhotos((list) => list.filter((_, j) => j !== i))}
                      aria-label={`Quitar la foto ${i + 1}`}
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {photos.length < DISPUTE_MAX_IMAGES ? (
              <div>
                <input
                  ref={fileRef}
                  id={`${id}-fotos`}
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/gif"
                  multiple
                  className="sr-only"
                  // The visible 'Agregar fotos' button opens it; the input itself stays out of the tab order.
                  tabIndex={-1}
                  aria-label="Fotos de la disputa"
                  aria-describedby={errors.fotos ? `${id}-fotos-error` : undefined}
                  onChange={(e) => void addPhotos(e.target.files)}
                />
                <Button
                  variant="outline"
                  size="sm"
                  loading={reading}
                  loadingText="Leyendo…"
                  onClick={() => fileRef.current?.click()}
                >
                  <ImagePlus aria-hidden="true" className="size-4" />
                  Agregar fotos
                </Button>
              </div>
            ) : null}
            {errors.fotos ? (
              <p id={`${id}-fotos-error`} className="text-sm text-red-700" role="alert">
                {errors.fotos}
              </p>
            ) : null}
          </div>
          <Alert variant="info">{DISPUTE_MSG.chatLeido}</Alert>
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Volver
            </Button>
            <Button type="submit" loading={openDispute.isPending} loadingText="Enviando…">
              Abrir disputa
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
