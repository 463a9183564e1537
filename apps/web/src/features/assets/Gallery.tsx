import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { AssetTypeIcon } from "../../components/ui/asset-card.tsx";
import type { AssetType } from "../../lib/assets.ts";
import { cn } from "../../lib/utils.ts";

/** Photo gallery of the asset detail: the selected photo, arrows and a strip of thumbnails. */
export function Gallery({
  images,
  thumbnails,
  title,
  type,
}: {
  images: string[];
  thumbnails: string[];
  title: string;
  type: AssetType;
}) {
  const [index, setIndex] = useState(0);
  const count = images.length;

  if (count === 0) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-gradient-to-br from-emerald-50 to-teal-100 text-emerald-600/70">
        <AssetTypeIcon type={type} className="size-20" />
        <span className="sr-only">Este activo no tiene fotos</span>
      </div>
    );
  }

  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex((next + count) % count);

  return (
    <section aria-roledescription="galería" aria-label={`Fotos de ${title}`} className="flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-2xl bg-slate-100">
        <img
          src={images[current]}
          alt={`${title}, foto ${current + 1} de ${count}`}
          className="aspect-[4/3] w-full object-contain"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(current - 1)}
              aria-label="Foto anterior"
              className="absolute top-1/2 left-2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow-md hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => go(current + 1)}
              aria-label="Foto siguiente"
              className="absolute top-1/2 right-2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow-md hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
            <p
              aria-live="polite"
              className="absolute right-3 bottom-3 rounded-full bg-slate-900/70 px-2.5 py-0.5 text-xs font-semibold text-white"
            >
              {current + 1} / {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {images.map((src, i) => (
            <li key={src} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Ver foto ${i + 1}`}
                aria-current={i === current ? "true" : undefined}
                className={cn(
                  "block size-16 overflow-hidden rounded-lg ring-2 transition focus-visible:outline-none focus-visible:ring-emerald-500 sm:size-20",
                  i === current ? "ring-emerald-600" : "ring-transparent opacity-75 hover:opacity-100",
                )}
              >
                <img src={thumbnails[i] ?? src} alt="" loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
