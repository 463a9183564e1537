import { useMutation, useQuery } from "@tanstack/react-query";
import {
  analyticsOverviewResponseSchema,
  assetListResponseSchema,
  communityDonationListSchema,
  donationResponseSchema,
  formatNumber,
} from "@valoriza/domain";
import {
  ArrowLeftRight,
  Calculator,
  Gift,
  Handshake,
  HeartHandshake,
  KeyRound,
  type LucideIcon,
  ShieldCheck,
  Tag,
} from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router-dom";
import { AssetCard } from "../../components/ui/asset-card.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { apiRequest, isAuthError } from "../../lib/api.ts";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { assetFromContract, parseAnswer } from "../../lib/contracts.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";

/** overview §2 /status: the 8 action cards. */
const ACTIONS: { title: string; to: string; Icon: LucideIcon }[] = [
  { title: "Intercambiar", to: "/intercambiar", Icon: ArrowLeftRight },
  { title: "Prestar", to: "/prestar", Icon: Handshake },
  { title: "Alquilar", to: "/alquilar", Icon: KeyRound },
  { title: "Vender", to: "/vender", Icon: Tag },
  { title: "Custodia", to: "/custodia", Icon: ShieldCheck },
  { title: "Donar", to: "/donar", Icon: HeartHandshake },
  { title: "Regalar", to: "/regalar", Icon: Gift },
  { title: "Valorizar Activo", to: "/valorar-activo", Icon: Calculator },
];

interface CommunityDonation {
  id: string;
  assetId: string;
  title: string;
  description: string;
  type: string;
}

/** /status (overview §2): stats, actions, recent assets (5) and community donations (4, 'Reclamar'). */
export function StatusPage() {
  useDocumentTitle("Estado de Valoriza");
  const stats = useQuery({
    queryKey: ["analytics", "overview"] as const,
    queryFn: async ({ signal }) => {
      const { success: _, ...figures } = parseAnswer(
        analyticsOverviewResponseSchema,
        await apiRequest("/analytics/overview", { signal, onUnauthorized: "ignore" }),
      );
      return figures;
    },
    refetchInterval: 30_000,
  });
  const recent = useQuery({
    queryKey: ["assets", "status-recent"] as const,
    queryFn: async ({ signal }) =>
      parseAnswer(assetListResponseSchema, await apiRequest("/assets?limit=5", { signal, onUnauthorized: "ignore" }))
        .data.map(assetFromContract)
        .slice(0, 5),
  });
  const donations = useQuery({
    queryKey: ["donations", "community"] as const,
    queryFn: async ({ signal }): Promise<CommunityDonation[]> => {
      const body = await apiRequest("/community-donations?limit=4", { signal, onUnauthorized: "ignore" });
      return parseAnswer(communityDonationListSchema, body)
        .map(({ _id, assetId, title, description, type }) => ({ id: _id, assetId, title, description, type }))
        .slice(0, 4);
    },
    refetchInterval: 15_000,
  });

  const figures: [string, number | undefined][] = [
    ["Usuarios activos", stats.data?.activeUsers],
    ["Activos disponibles", stats.data?.availableAssets],
    ["Transacciones", stats.data?.totalTransactions],
  ];

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Estado de Valoriza</h1>
          <p className="mt-1 text-slate-600">La comunidad en cifras, y lo que puedes hacer hoy.</p>
        </div>
        <p className="flex gap-2 text-xs text-slate-500">
          <span className="rounded-full bg-slate-100 px-2 py-0.5">v4.7.2</span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5">v6.3.2</span>
        </p>
      </header>

      <section aria-labelledby="status-stats" className="grid gap-3 sm:grid-cols-3">
        <h2 id="status-stats" className="sr-only">
          Cifras
        </h2>
        {figures.map(([label, value]) => (
          <Card key={label} className="p-5">
            <p className="text-sm text-slate-600">{label}</p>
            <p className="mt-1 text-3xl font-extrabold text-slate-900" data-testid={`stat-${label}`}>
              {value === undefined ? "…" : formatNumber(value)}
            </p>
          </Card>
        ))}
      </section>

      <section aria-labelledby="status-actions">
        <h2 id="status-actions" className="mb-3 text-lg font-semibold text-slate-900">
          ¿Qué quieres hacer?
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {ACTIONS.map(({ title, to, Icon }) => (
            <li key={title}>
              <Link
                to={to}
                className="flex h-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 font-semibold text-slate-800 shadow-xs hover:border-emerald-300 hover:bg-emerald-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
              >
                <Icon aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
                {title}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="status-recent">
        <h2 id="status-recent" className="mb-3 text-lg font-semibold text-slate-900">
          Activos recientes
        </h2>
        {recent.isPending ? (
          <Skeleton className="h-40 rounded-2xl" />
        ) : (recent.data ?? []).length === 0 ? (
          <p className="text-slate-600">Aún no hay activos publicados.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {(recent.data ?? []).map((a) => (
              <li key={a.id}>
                <AssetCard asset={a} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="status-donations">
        <h2 id="status-donations" className="mb-3 text-lg font-semibold text-slate-900">
          Donaciones de la comunidad
        </h2>
        {donations.isPending ? (
          <Skeleton className="h-24 rounded-2xl" />
        ) : (donations.data ?? []).length === 0 ? (
          <p className="text-slate-600">No hay donaciones comunitarias por ahora.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {(donations.data ?? []).map((d) => (
              <li key={d.id}>
                <CommunityDonationCard donation={d} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CommunityDonationCard({ donation }: { donation: CommunityDonation }) {
  const { isAuthenticated } = useSession();
  const key = useRef<string | null>(null);
  const claim = useMutation({
    mutationFn: async () => {
      key.current ??= newIdempotencyKey();
      return parseAnswer(
        donationResponseSchema,
        await apiRequest(`/donations/claim/${encodeURIComponent(donation.id)}`, {
          method: "POST",
          idempotencyKey: key.current,
        }),
      );
    },
    onSettled: () =>
      Promise.all([
        invalidateAfterCreditChange(),
        queryClient.invalidateQueries({ queryKey: ["donations"] }),
        queryClient.invalidateQueries({ queryKey: ["analytics"] }),
      ]),
  });
  const onClaim = async () => {
    if (!isAuthenticated) {
      openAuthDialog("login");
      return;
    }
    try {
      const r = await claim.mutateAsync();
      key.current = null;
      toast({ title: r.message || "¡Reclamaste la donación!", variant: "success" });
    } catch (e) {
      key.current = null;
      if (isAuthError(e)) return;
      toast({ title: "Error", description: errorMessage(e, "No se pudo reclamar la donación."), variant: "error" });
    }
  };
  return (
    <Card className="flex h-full flex-col gap-2 p-4" data-testid="community-donation">
      <h3 className="font-semibold break-words text-slate-900">
        <Link to={`/ver-activo/${encodeURIComponent(donation.assetId)}`} className="hover:underline">
          {donation.title}
        </Link>
      </h3>
      {donation.description ? <p className="line-clamp-2 text-sm text-slate-600">{donation.description}</p> : null}
      <Button size="sm" className="mt-auto self-start" loading={claim.isPending} onClick={() => void onClaim()}>
        Reclamar
      </Button>
    </Card>
  );
}
