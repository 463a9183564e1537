import { EXCHANGE_MSG } from "@valoriza/domain";
import { useSearchParams } from "react-router-dom";
import { RequireSession } from "../../components/require-session.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useProposals } from "./api.ts";
import { DirectProposalForm } from "./DirectProposalForm.tsx";
import { OpenOffersTab } from "./OpenOffers.tsx";
import { ProposalList } from "./ProposalList.tsx";

export const EXCHANGE_TABS = ["directo", "oferta-abierta", "recibidas", "enviadas"] as const;
type Tab = (typeof EXCHANGE_TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  directo: "Directo",
  "oferta-abierta": "Oferta abierta",
  recibidas: "Recibidas",
  enviadas: "Enviadas",
};

/** /intercambiar 'Intercambiar Activos' (overview §2 Exchange): tabs directo, oferta-abierta, recibidas, enviadas. */
export function ExchangePage() {
  useDocumentTitle(EXCHANGE_MSG.pageTitle);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{EXCHANGE_MSG.pageTitle}</h1>
        <p className="mt-1 text-slate-600">
          Cambia uno de tus activos por el de otra persona. Si los valores no coinciden, puedes añadir créditos.
        </p>
      </header>
      <RequireSession message="Inicia sesión para proponer y responder intercambios.">
        <ExchangeTabs />
      </RequireSession>
    </div>
  );
}

function ExchangeTabs() {
  const [params, setParams] = useSearchParams();
  const received = useProposals("received");
  const proposalId = params.get("propuesta");
  const asked = params.get("tab");
  let tab: Tab = (EXCHANGE_TABS as readonly string[]).includes(asked ?? "") ? (asked as Tab) : "directo";
  // A notification opens /intercambiar?propuesta={id}: the receiver's tab when it is one I received.
  if (!asked && proposalId) tab = received.data?.some((p) => p._id === proposalId) ? "recibidas" : "enviadas";
  const select = (value: string) => {
    const next = new URLSearchParams(params);
    next.set("tab", value);
    next.delete("propuesta");
    setParams(next, { replace: true });
  };
  return (
    <Tabs value={tab} onValueChange={select}>
      <TabsList aria-label="Tipo de intercambio">
        {EXCHANGE_TABS.map((t) => (
          <TabsTrigger key={t} value={t}>
            {TAB_LABELS[t]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="directo" className="mt-4">
        <DirectProposalForm requestedId={params.get("solicitar") ?? ""} />
      </TabsContent>
      <TabsContent value="oferta-abierta" className="mt-4">
        <OpenOffersTab />
      </TabsContent>
      <TabsContent value="recibidas" className="mt-4">
        <ProposalList side="received" highlight={proposalId} />
      </TabsContent>
      <TabsContent value="enviadas" className="mt-4">
        <ProposalList side="sent" highlight={proposalId} />
      </TabsContent>
    </Tabs>
  );
}
