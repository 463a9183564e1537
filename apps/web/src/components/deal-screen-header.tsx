import { ArrowLeft, LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { useSession } from "../lib/session.tsx";
import { Button } from "./ui/button.tsx";

/**
 * The top of the loan, rental, donation and gift screens (overview §2): a back button (history
 * back, or `fallback` when this is the first page of the tab) and, signed in, the user's name and
 * 'Salir'.
 */
export function DealScreenHeader({
  title,
  description,
  fallback = "/",
  icon,
}: {
  title: string;
  description?: ReactNode;
  fallback?: string;
  icon?: ReactNode;
}) {
  const navigate = useNavigate();
  const { user, logout } = useSession();
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback);
  };
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={back}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Volver
        </Button>
        {user ? (
          <div className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
            <span className="truncate font-semibold" data-testid="deal-user-name">
              {user.name}
            </span>
            <Button variant="outline" size="sm" onClick={logout}>
              <LogOut aria-hidden="true" className="size-4" />
              Salir
            </Button>
          </div>
        ) : null}
      </div>
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          {icon}
          {title}
        </h1>
        {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
      </div>
    </header>
  );
}
