import { canBuy, formatCOP, formatCredits, MARKETPLACE_MSG, type Product, stockBadge } from "@valoriza/domain";
import { Gift, ShoppingBag, Star } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isAuthError } from "../../lib/api.ts";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useBuyProduct, useProducts } from "./api.ts";

/** /marketplace (overview §2 Marketplace): the official products, bought with credits. */
export function MarketplacePage() {
  useDocumentTitle("Marketplace");
  const products = useProducts();
  const list = products.data ?? [];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          <ShoppingBag aria-hidden="true" className="size-7 text-emerald-700" />
          Marketplace
        </h1>
        <p className="mt-1 text-slate-600">Productos oficiales de Valoriza que puedes comprar con tus créditos.</p>
      </header>
      {products.isPending ? (
        <ul aria-label="Cargando productos" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton className="h-80 w-full rounded-2xl" />
            </li>
          ))}
        </ul>
      ) : products.isError ? (
        <ErrorState
          title={MARKETPLACE_MSG.loadError}
          message={errorMessage(products.error, "Intenta de nuevo en unos momentos.")}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : list.length === 0 ? (
        <Card className="p-10 text-center text-slate-600">{MARKETPLACE_MSG.empty}</Card>
      ) : (
        <ul aria-label="Productos" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((p) => (
            <li key={p._id}>
              <ProductCard product={p} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProductCard({ product: p }: { product: Product }) {
  const { isAuthenticated } = useSession();
  const buy = useBuyProduct();
  const [key, setKey] = useState(newIdempotencyKey);
  const badge = stockBadge(p.stock);
  const available = canBuy(p);
  const titleId = `producto-${p._id}`;

  const onBuy = async () => {
    if (!isAuthenticated) {
      toast({ title: MARKETPLACE_MSG.loginRequired, variant: "error" });
      openAuthDialog("login");
      return;
    }
    try {
      const r = await buy.mutateAsync({ id: p._id, idempotencyKey: key });
      setKey(newIdempotencyKey());
      toast({
        title: MARKETPLACE_MSG.successTitle,
        description: r.message || MARKETPLACE_MSG.successFallback,
        variant: "success",
      });
    } catch (e) {
      if (isAuthError(e)) return;
      setKey(newIdempotencyKey());
      toast({
        title: MARKETPLACE_MSG.errorTitle,
        description: errorMessage(e, MARKETPLACE_MSG.errorFallback),
        variant: "error",
      });
    }
  };

  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative aspect-[4/3] bg-slate-100">
        {p.imagen ? (
          <img src={p.imagen} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-400">
            <Gift aria-hidden="true" className="size-12" />
          </div>
        )}
        {p.destacado ? (
          <Badge tone="warning" className="absolute top-3 left-3 shadow-sm">
            <Star aria-hidden="true" />
            {MARKETPLACE_MSG.featured}
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-xs font-semibold tracking-wide text-emerald-700 uppercase">{p.categoria}</span>
          {badge ? (
            <Badge tone={available ? "brand" : "danger"} data-testid="stock">
              {badge}
            </Badge>
          ) : null}
        </div>
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {p.nombre}
        </h2>
        {p.descripcion ? <p className="text-sm text-slate-600">{p.descripcion}</p> : null}
        <p className="mt-auto pt-2">
          <span className="text-xl font-extrabold text-slate-900">{formatCredits(p.creditos)} créditos</span>
          <span className="ml-2 text-sm text-slate-500">{formatCOP(p.valorCOP)}</span>
        </p>
        <Button
          onClick={() => void onBuy()}
          disabled={!available}
          loading={buy.isPending}
          loadingText="Comprando…"
          aria-describedby={titleId}
        >
          {MARKETPLACE_MSG.buy}
        </Button>
      </div>
    </Card>
  );
}
