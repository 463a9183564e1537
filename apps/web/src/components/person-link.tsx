import { Link } from "react-router-dom";
import { personPath } from "../lib/reviews.ts";
import { cn } from "../lib/utils.ts";

/**
 * A person's name that leads to their public profile (/usuarios/{id}, issue 19). Used wherever a
 * person's name appears; without an id (a deleted or unknown person) it is plain text.
 */
export function PersonLink({
  id,
  name,
  className,
}: {
  id: string | null | undefined;
  name: string | null | undefined;
  className?: string;
}) {
  const label = name?.trim() || "Usuario de Valoriza";
  if (!id) return <span className={className}>{label}</span>;
  return (
    <Link
      to={personPath(id)}
      className={cn(
        "rounded underline decoration-slate-300 underline-offset-2 hover:text-emerald-700 hover:decoration-emerald-500 focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none",
        className,
      )}
    >
      {label}
    </Link>
  );
}
