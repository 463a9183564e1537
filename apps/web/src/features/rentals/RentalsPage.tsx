import { RENTAL_MSG } from "@valoriza/domain";
import { KeyRound, LogIn } from "lucide-react";
import { DealScreenHeader } from "../../components/deal-screen-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useSession } from "../../lib/session.tsx";
import { ActiveRentals } from "./ActiveRentals.tsx";
import { CreateRentalSection } from "./CreateRental.tsx";
import { MyBookings } from "./MyBookings.tsx";

/** /alquilar (overview §2 Rentals). The grid is public; creating and booking need a session. */
export function RentalsPage() {
  useDocumentTitle("Alquilar");
  const { isAuthenticated } = useSession();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <DealScreenHeader
        title="Alquilar"
        icon={<KeyRound aria-hidden="true" className="size-7 text-emerald-700" />}
        description="Publica las fechas en que alquilas tus activos y cobra créditos por día, o reserva los de otras personas: el pago queda en custodia hasta que termina el alquiler."
      />
      {isAuthenticated ? (
        <>
          <CreateRentalSection />
          <MyBookings />
        </>
      ) : (
        <SignInCallout />
      )}
      <ActiveRentals />
    </div>
  );
}

function SignInCallout() {
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2 text-slate-700">
        <LogIn aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <span>{RENTAL_MSG.loginRequired}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => openAuthDialog("login")}>Iniciar Sesión</Button>
        <Button variant="outline" onClick={() => openAuthDialog("register")}>
          Registrarse
        </Button>
      </div>
    </Card>
  );
}
