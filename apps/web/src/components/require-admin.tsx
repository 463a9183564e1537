import { ADMIN_MSG } from "@valoriza/domain";
import { type ReactNode, useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useSession } from "../lib/session.tsx";
import { toast } from "../lib/toast.ts";
import { RequireSession } from "./require-session.tsx";

/**
 * Admin-only screens (overview §6: Retiros; the admin's desk): without a session the sign-in
 * prompt; a member is told 'Acceso restringido: …' and sent home, before any admin call is made
 * (the server answers 403 too, which would end the session in the client).
 */
export function RequireAdmin({ children, message }: { children: ReactNode; message: string }) {
  const { user, isAuthenticated } = useSession();
  const navigate = useNavigate();
  const denied = isAuthenticated && user?.isAdmin !== true;

  useEffect(() => {
    if (!denied) return;
    toast({ title: ADMIN_MSG.restricted, variant: "error" });
    navigate("/", { replace: true });
  }, [denied, navigate]);

  if (denied) return null;
  return <RequireSession message={message}>{children}</RequireSession>;
}
