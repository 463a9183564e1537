import { LOAN_MSG } from "@valoriza/domain";
import { HandCoins } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { DealScreenHeader } from "../../components/deal-screen-header.tsx";
import { RequireSession } from "../../components/require-session.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { assetPath } from "../../lib/assets.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useSession } from "../../lib/session.tsx";
import { useLoans, useMyLendingAssets, useReputation } from "./api.ts";
import { LoanList } from "./LoanList.tsx";
import { RequestLoanDialog } from "./RequestLoanDialog.tsx";

/** /prestar (overview §2 Loans). */
export function LoansPage() {
  useDocumentTitle("Préstamos");
  const { isAuthenticated } = useSession();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <DealScreenHeader
        title="Préstamos"
        icon={<HandCoins aria-hidden="true" className="size-7 text-emerald-700" />}
        description="Pide prestado un activo de otra persona con una garantía, o presta los tuyos y gana reputación."
      />
      {isAuthenticated ? (
        <LoansScreen />
      ) : (
        <RequireSession message={LOAN_MSG.loginRequired}>
          <LoansScreen />
        </RequireSession>
      )}
    </div>
  );
}

function LoansScreen() {
  const { user } = useSession();
  const reputation = useReputation(user?._id);
  const mine = useLoans("my-loans");
  const lending = useLoans("as-lender");
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <MyLendingAssets />
        <Button onClick={() => setOpen(true)}>
          <HandCoins aria-hidden="true" className="size-4" />
          Solicitar Préstamo
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        Tu reputación:{" "}
        <strong className="text-slate-900" data-testid="my-reputation">
          {reputation.data ?? "…"}
        </strong>
      </p>
      <RequestLoanDialog open={open} onOpenChange={setOpen} />
      <Tabs defaultValue="mis-prestamos" className="flex flex-col gap-4">
        <TabsList aria-label="Préstamos">
          <TabsTrigger value="mis-prestamos">Mis Préstamos ({mine.data?.length ?? 0})</TabsTrigger>
          <TabsTrigger value="como-prestamista">Como Prestamista ({lending.data?.length ?? 0})</TabsTrigger>
        </TabsList>
        <TabsContent value="mis-prestamos">
          <LoanList query={mine} as="prestatario" empty="Aún no has solicitado préstamos." />
        </TabsContent>
        <TabsContent value="como-prestamista">
          <LoanList query={lending} as="prestamista" empty="Nadie te ha solicitado un préstamo todavía." />
        </TabsContent>
      </Tabs>
    </>
  );
}

function MyLendingAssets() {
  const assets = useMyLendingAssets();
  const list = assets.data ?? [];
  return (
    <section aria-labelledby="mis-activos-prestar" className="min-w-0 flex-1">
      <h2 id="mis-activos-prestar" className="text-sm font-semibold text-slate-700">
        Tus activos publicados para prestar
      </h2>
      {assets.isPending && assets.fetchStatus !== "idle" ? (
        <Skeleton className="mt-2 h-8 w-64 rounded-xl" />
      ) : list.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          No tienes activos publicados para prestar.{" "}
          <Link to="/registrar-activo" className="font-medium text-emerald-700 hover:underline">
            Registra uno
          </Link>
        </p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {list.map((a) => (
            <li key={a.id}>
              <Link
                to={assetPath(a.id)}
                className="inline-flex rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-600/20 hover:bg-emerald-100"
              >
                {a.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
