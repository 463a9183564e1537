import { RequireSession } from "../../components/require-session.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { ConfirmCustodyForm } from "./ConfirmCustodyForm.tsx";
import { CreateCustodyForm } from "./CreateCustodyForm.tsx";
import { CustodyList } from "./CustodyList.tsx";

/** /custodia (overview §2 Custody): create a custody, confirm a delivery with its code, and my custodies. */
export function CustodyPage() {
  useDocumentTitle("Custodia");
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Custodia</h1>
        <p className="mt-1 text-slate-600">
          Entrega un activo con un código de confirmación: quien lo recibe escribe el código y los créditos en custodia
          se liberan.
        </p>
      </header>
      <RequireSession message="Inicia sesión para ver y gestionar tus custodias.">
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <CreateCustodyForm />
          <ConfirmCustodyForm />
        </div>
        <CustodyList />
      </RequireSession>
    </div>
  );
}
