import { ASSET_MSG, MAX_IMAGES } from "@valoriza/domain";
import { CircleAlert, ImagePlus, X } from "lucide-react";
import { type DragEvent, useId, useState } from "react";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../lib/toast.ts";
import { cn } from "../../lib/utils.ts";
import {
  ACCEPTED_IMAGE_TYPES,
  ImageProcessingError,
  isAcceptedImage,
  newImageId,
  type PickedImage,
  processImage,
  remainingSlots,
} from "./images.ts";

export type ImagesUpdater = (update: (previous: PickedImage[]) => PickedImage[]) => void;

/**
 * Up to 10 photos with previews and per-photo progress (calls §5): extra files are dropped with
 * 'Límite alcanzado' / 'Solo puedes subir hasta 10 fotos', and the picker is disabled at 10.
 */
export function ImagePicker({ images, onChange, id }: { images: PickedImage[]; onChange: ImagesUpdater; id?: string }) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const hintId = `${inputId}-hint`;
  const [dragging, setDragging] = useState(false);
  const full = images.length >= MAX_IMAGES;

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    const free = remainingSlots(images.length);
    const accepted = files.filter(isAcceptedImage);
    if (accepted.length < files.length) {
      toast({
        title: ASSET_MSG.processImagesError,
        description: "Solo se aceptan imágenes JPG, PNG, WEBP o GIF.",
        variant: "error",
      });
    }
    const kept = accepted.slice(0, free);
    if (accepted.length > free) {
      toast({ title: ASSET_MSG.limitReached, description: ASSET_MSG.maxImages, variant: "error" });
    }
    const added: PickedImage[] = kept.map((file) => ({
      id: newImageId(),
      name: file.name,
      preview: URL.createObjectURL(file),
      status: "processing",
      progress: 0,
      dataUrl: null,
    }));
    onChange((previous) => [...previous, ...added].slice(0, MAX_IMAGES));
    added.forEach((picked, index) => {
      const file = kept[index];
      if (!file) return;
      const patch = (changes: Partial<PickedImage>) =>
        onChange((previous) => previous.map((img) => (img.id === picked.id ? { ...img, ...changes } : img)));
      processImage(file, (progress) => patch({ progress }))
        .then((dataUrl) => patch({ status: "ready", progress: 1, dataUrl }))
        .catch((error: unknown) => {
          const message = error instanceof ImageProcessingError ? error.message : ASSET_MSG.processImagesError;
          patch({ status: "error", error: message });
          toast({ title: ASSET_MSG.processImagesError, description: message, variant: "error" });
        });
    });
  };

  const remove = (image: PickedImage) => {
    URL.revokeObjectURL(image.preview);
    onChange((previous) => previous.filter((img) => img.id !== image.id));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (full) {
      toast({ title: ASSET_MSG.limitReached, description: ASSET_MSG.maxImages, variant: "error" });
      return;
    }
    addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="flex flex-col gap-3">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a mouse shortcut; the labelled file input inside is the keyboard way */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!full) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition-colors",
          full
            ? "border-slate-200 bg-slate-50"
            : dragging
              ? "border-emerald-500 bg-emerald-50"
              : "border-slate-300 bg-white",
        )}
      >
        <label
          htmlFor={inputId}
          className={cn(
            "inline-flex h-10 items-center gap-2 rounded-xl px-4 text-sm font-semibold transition-colors",
            "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-500 has-[:focus-visible]:ring-offset-2",
            full
              ? "cursor-not-allowed bg-slate-200 text-slate-500"
              : "cursor-pointer bg-emerald-50 text-emerald-800 hover:bg-emerald-100",
          )}
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          {full ? ASSET_MSG.limitReached : "Agregar fotos"}
          <input
            id={inputId}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(",")}
            multiple
            disabled={full}
            aria-describedby={hintId}
            className="sr-only"
            onChange={(event) => {
              addFiles(Array.from(event.target.files ?? []));
              event.target.value = "";
            }}
          />
        </label>
        <p id={hintId} className="text-xs text-slate-500">
          {full ? ASSET_MSG.maxImages : "JPG, PNG, WEBP o GIF, hasta 5 MB cada una. También puedes arrastrarlas aquí."}{" "}
          <span className="font-semibold text-slate-700" aria-live="polite">
            {images.length}/{MAX_IMAGES}
          </span>
        </p>
      </div>

      {images.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Fotos seleccionadas">
          {images.map((image, index) => (
            <li key={image.id} className="relative aspect-square overflow-hidden rounded-xl bg-slate-100">
              <img src={image.preview} alt={`Foto ${index + 1}: ${image.name}`} className="size-full object-cover" />
              {image.status === "processing" ? (
                <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-white/70 text-xs font-semibold text-slate-700">
                  <Spinner className="size-5 text-emerald-600" />
                  {Math.round(image.progress * 100)} %
                </div>
              ) : null}
              {image.status === "error" ? (
                <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-red-50/90 p-1 text-center text-[0.7rem] font-semibold text-red-700">
                  <CircleAlert aria-hidden="true" className="size-5" />
                  No se pudo procesar
                </div>
              ) : null}
              {index === 0 && image.status === "ready" ? (
                <span className="absolute bottom-1.5 left-1.5 rounded-full bg-slate-900/70 px-2 py-0.5 text-[0.65rem] font-semibold text-white">
                  Portada
                </span>
              ) : null}
              <button
                type="button"
                onClick={() => remove(image)}
                aria-label={`Quitar foto ${index + 1}`}
                className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
