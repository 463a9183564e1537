import { TERMINOS_VERSION } from "@valoriza/domain";
import { lazy, Suspense } from "react";
import { useLocation } from "react-router-dom";
import { useProfileQuery } from "../../lib/account.ts";
import { LEGAL_PATHS } from "./content.ts";

const ConsentDialog = lazy(() => import("./ConsentDialog.tsx").then((m) => ({ default: m.ConsentDialog })));

/**
 * Mounted in the app shell: a signed-in person whose account has not accepted the current version
 * of the terms (older accounts, API sign-ups without `aceptaTerminos`, a new version) gets a
 * blocking dialog before going on. The legal pages themselves stay readable (issue 16 item 5).
 */
export function ConsentGate() {
  const profile = useProfileQuery();
  const { pathname } = useLocation();
  const data = profile.data;
  if (!data || data.consentimiento?.version === TERMINOS_VERSION) return null;
  if ((LEGAL_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, "").toLowerCase())) return null;
  return (
    <Suspense fallback={null}>
      <ConsentDialog outdated={data.consentimiento !== null} />
    </Suspense>
  );
}
