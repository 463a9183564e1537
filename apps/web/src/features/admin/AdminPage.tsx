import { ADMIN_MSG } from "@valoriza/domain";
import { ClipboardList, IdCard, Package, ShieldCheck, ShoppingCart, Wallet } from "lucide-react";
import { RequireAdmin } from "../../components/require-admin.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { DisputesTabContent, DisputesTabTrigger } from "./DisputesSection.tsx";
import { LogSection } from "./LogSection.tsx";
import { ModerationContent, ModerationTrigger } from "./ModerationSection.tsx";
import { ProductsSection } from "./ProductsSection.tsx";
import { PurchasesSection } from "./PurchasesSection.tsx";
import { ReviewsSection } from "./ReviewsPanel.tsx";
import { VerificationsSection } from "./VerificationsSection.tsx";
import { WithdrawalsSection } from "./WithdrawalsSection.tsx";

/** /admin: the admin's desk (issue 11): products, purchases to fulfil, withdrawals to pay, the action log. */
export function AdminPage() {
  useDocumentTitle("Administración");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{ADMIN_MSG.title}</h1>
        <p className="mt-1 text-slate-600">Productos del Marketplace, compras por entregar y retiros por pagar.</p>
      </header>
      <RequireAdmin message="Inicia sesión con una cuenta de administración.">
        <Tabs defaultValue="productos">
          <TabsList aria-label="Secciones de administración" phoneColumns={3}>
            <TabsTrigger value="productos">
              <Package aria-hidden="true" className="size-4" />
              Productos
            </TabsTrigger>
            <TabsTrigger value="compras">
              <ShoppingCart aria-hidden="true" className="size-4" />
              Compras
            </TabsTrigger>
            <TabsTrigger value="retiros">
              <Wallet aria-hidden="true" className="size-4" />
              Retiros
            </TabsTrigger>
            <TabsTrigger value="revisiones">
              <ShieldCheck aria-hidden="true" className="size-4" />
              Revisiones
            </TabsTrigger>
            <TabsTrigger value="identidad">
              <IdCard aria-hidden="true" className="size-4" />
              Identidad
            </TabsTrigger>
            <DisputesTabTrigger />
            <ModerationTrigger />
            <TabsTrigger value="registro">
              <ClipboardList aria-hidden="true" className="size-4" />
              Registro
            </TabsTrigger>
          </TabsList>
          <TabsContent value="productos">
            <ProductsSection />
          </TabsContent>
          <TabsContent value="compras">
            <PurchasesSection />
          </TabsContent>
          <TabsContent value="retiros">
            <WithdrawalsSection />
          </TabsContent>
          <TabsContent value="revisiones">
            <ReviewsSection />
          </TabsContent>
          <TabsContent value="identidad">
            <VerificationsSection />
          </TabsContent>
          <DisputesTabContent />
          <ModerationContent />
          <TabsContent value="registro">
            <LogSection />
          </TabsContent>
        </Tabs>
      </RequireAdmin>
    </div>
  );
}
