import { LOAN_MSG } from "@valoriza/domain";
import { HandCoins } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import type { Asset } from "../../lib/assets.ts";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { useSession } from "../../lib/session.tsx";

// The form (with the loans' API, contracts and zod) is its own chunk, asked for when the pointer or
// the focus reaches 'Solicitar préstamo': a visitor who only looks at the asset loads none of it.
const loadForm = () => import("./LoanRequestForm.tsx");
const LoanRequestForm = lazy(() => loadForm().then((m) => ({ default: m.LoanRequestForm })));
const preloadForm = () => void loadForm().catch(() => {});

/**
 * The asset page's 'Solicitar préstamo' for a `prestar` asset: signed in, it opens the confirmation
 * (LoanRequestForm); signed out, the sign-in dialog.
 */
export function LoanAssetAction({ asset }: { asset: Asset }) {
  const { isAuthenticated } = useSession();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <Alert variant="success" title={LOAN_MSG.created}>
        <p>
          Sigue tu solicitud en{" "}
          <Link to="/prestar" className="font-semibold underline">
            Préstamos
          </Link>
          .
        </p>
      </Alert>
    );
  }
  if (!open) {
    return (
      <Button
        size="lg"
        className="w-full"
        onPointerEnter={preloadForm}
        onFocus={preloadForm}
        onClick={() => (isAuthenticated ? setOpen(true) : openAuthDialog("login"))}
      >
        <HandCoins aria-hidden="true" className="size-4" />
        Solicitar préstamo
      </Button>
    );
  }
  return (
    <Suspense
      fallback={
        <div role="status" aria-label="Cargando préstamo">
          <Skeleton className="h-56 w-full rounded-xl" />
        </div>
      }
    >
      <LoanRequestForm
        asset={asset}
        onCancel={() => setOpen(false)}
        onDone={() => {
          setDone(true);
          setOpen(false);
        }}
      />
    </Suspense>
  );
}
