import { Heart } from "lucide-react";
import { openAuthDialog } from "../lib/auth-dialog.ts";
import { useFavoriteToggle } from "../lib/favorites.ts";
import { cn } from "../lib/utils.ts";

/**
 * The heart (issue 20): a toggle button (aria-pressed) that keeps the asset in 'Favoritos'. Signed
 * out, it opens the sign-in. `variant` 'overlay' sits on a card's photo; 'inline' next to a title.
 */
export function FavoriteButton({
  assetId,
  title,
  variant = "overlay",
  className,
}: {
  assetId: string;
  title: string;
  variant?: "overlay" | "inline";
  className?: string;
}) {
  const { isFavorite, signedIn, toggle, pending } = useFavoriteToggle(assetId);
  return (
    <button
      type="button"
      aria-pressed={isFavorite}
      aria-label={`Guardar en favoritos: ${title}`}
      title={isFavorite ? "Quitar de favoritos" : "Guardar en favoritos"}
      data-testid="favorite-button"
      // Offline it is disabled with the others that need internet (lib/offline-actions.ts).
      data-needs-network=""
      disabled={pending}
      onClick={() => (signedIn ? toggle() : openAuthDialog("login"))}
      className={cn(
        "inline-flex size-11 shrink-0 items-center justify-center rounded-full transition",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2",
        variant === "overlay"
          ? "bg-white/90 text-slate-700 shadow-sm backdrop-blur hover:bg-white"
          : "border border-slate-200 bg-white text-slate-700 hover:bg-slate-50",
        isFavorite && "text-rose-600",
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn("size-5", isFavorite && "fill-current")} />
    </button>
  );
}
