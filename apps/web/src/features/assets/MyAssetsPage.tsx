import { Activity, ArrowLeftRight, Package, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import { RequireSession } from "../../components/require-session.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { MyAssetsTab } from "./MyAssetsTab.tsx";

const TABS = ["activos", "movimientos", "wallet", "actividad"] as const;
type Tab = (typeof TABS)[number];

export interface MyAssetsPageProps {
  /** The other tabs come from the wallet feature; src/app composes them in. */
  movements: ReactNode;
  wallet: ReactNode;
  activity: ReactNode;
}

/** /mis-activos: four tabs (overview §2). The selected tab lives in the URL (?tab=). */
export function MyAssetsPage(props: MyAssetsPageProps) {
  useDocumentTitle("Mis Activos");
  return (
    <RequireSession message="Debes iniciar sesión para ver tus activos, tu wallet y tus movimientos.">
      <MyAssetsContent {...props} />
    </RequireSession>
  );
}

function MyAssetsContent({ movements, wallet, activity }: MyAssetsPageProps) {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? "") ? (requested as Tab) : "activos";

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Mis Activos</h1>
        <p className="mt-1 text-slate-500">Gestiona tus activos, tus créditos y todo lo que pasa con ellos.</p>
      </header>
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(
            (current) => {
              if (next === "activos") current.delete("tab");
              else current.set("tab", next);
              return current;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      >
        {/* Phones: the four tabs wrap into two rows, so none is off-screen. */}
        <TabsList aria-label="Secciones de Mis Activos" phoneColumns={2}>
          <TabsTrigger value="activos">
            <Package aria-hidden="true" className="size-4" />
            Activos
          </TabsTrigger>
          <TabsTrigger value="movimientos">
            <ArrowLeftRight aria-hidden="true" className="size-4" />
            Movimientos
          </TabsTrigger>
          <TabsTrigger value="wallet">
            <Wallet aria-hidden="true" className="size-4" />
            Wallet
          </TabsTrigger>
          <TabsTrigger value="actividad">
            <Activity aria-hidden="true" className="size-4" />
            Actividad
          </TabsTrigger>
        </TabsList>
        <TabsContent value="activos">
          <MyAssetsTab />
        </TabsContent>
        <TabsContent value="movimientos">{movements}</TabsContent>
        <TabsContent value="wallet">{wallet}</TabsContent>
        <TabsContent value="actividad">{activity}</TabsContent>
      </Tabs>
    </div>
  );
}
