import { type ComponentType, lazy } from "react";
import { Route, Routes } from "react-router-dom";
import { HomePage } from "../features/home/HomePage.tsx";
import { DONATION_BLOCK, hasPageData } from "../lib/page-data.ts";
import { getToken } from "../lib/session.tsx";
import { Layout } from "./Layout.tsx";

// Every page except home is its own chunk, so the first load stays small.
const ProfilePage = lazy(() => import("../features/profile/ProfilePage.tsx").then((m) => ({ default: m.ProfilePage })));
const ForceCleanPage = lazy(() =>
  import("../features/force-clean/ForceCleanPage.tsx").then((m) => ({ default: m.ForceCleanPage })),
);
const NotFoundPage = lazy(() =>
  import("../features/not-found/NotFoundPage.tsx").then((m) => ({ default: m.NotFoundPage })),
);
const RegistrationPage = lazy(() =>
  import("../features/registration/RegistrationPage.tsx").then((m) => ({ default: m.RegistrationPage })),
);
const ValuationFormPage = lazy(() =>
  import("../features/registration/ValuationFormPage.tsx").then((m) => ({ default: m.ValuationFormPage })),
);
// The asset page can be loaded before the first render (preloadInitialRoute): once loaded it
// renders at once, without a Suspense fallback (and React's delay before revealing what replaces one).
let assetDetailLoaded: ComponentType | undefined;
let assetDetailPending: Promise<ComponentType> | undefined;
function preloadAssetDetail(): Promise<ComponentType> {
  assetDetailPending ??= import("./AssetDetailRoute.tsx").then(
    (m) => {
      assetDetailLoaded = m.AssetDetailRoute;
      return m.AssetDetailRoute;
    },
    (error: unknown) => {
      assetDetailPending = undefined;
      throw error;
    },
  );
  return assetDetailPending;
}
const LazyAssetDetailRoute = lazy(() => preloadAssetDetail().then((component) => ({ default: component })));
function AssetDetailRoute() {
  const Loaded = assetDetailLoaded;
  return Loaded ? <Loaded /> : <LazyAssetDetailRoute />;
}
const MyAssetsRoute = lazy(() => import("./MyAssetsRoute.tsx").then((m) => ({ default: m.MyAssetsRoute })));
const MovementsPage = lazy(() => import("../features/wallet/pages.tsx").then((m) => ({ default: m.MovementsPage })));
const ActivityPage = lazy(() => import("../features/wallet/pages.tsx").then((m) => ({ default: m.ActivityPage })));
const FavoritesPage = lazy(() =>
  import("../features/favorites/FavoritesPage.tsx").then((m) => ({ default: m.FavoritesPage })),
);
const EconomyPage = lazy(() => import("../features/economy/EconomyPage.tsx").then((m) => ({ default: m.EconomyPage })));
const CustodyPage = lazy(() => import("../features/custody/CustodyPage.tsx").then((m) => ({ default: m.CustodyPage })));
const MarketplacePage = lazy(() =>
  import("../features/marketplace/MarketplacePage.tsx").then((m) => ({ default: m.MarketplacePage })),
);
const WithdrawalsPage = lazy(() =>
  import("../features/withdrawals/WithdrawalsPage.tsx").then((m) => ({ default: m.WithdrawalsPage })),
);
const AdminPage = lazy(() => import("../features/admin/AdminPage.tsx").then((m) => ({ default: m.AdminPage })));
const ChatsPage = lazy(() => import("../features/chat/index.ts").then((m) => ({ default: m.ChatsPage })));
const SellRoute = lazy(() => import("./SellRoute.tsx").then((m) => ({ default: m.SellRoute })));
const ExchangePage = lazy(() => import("../features/exchanges/index.ts").then((m) => ({ default: m.ExchangePage })));
const LocalExchangesPage = lazy(() =>
  import("../features/exchanges/index.ts").then((m) => ({ default: m.LocalExchangesPage })),
);
const LoansPage = lazy(() => import("../features/loans/LoansPage.tsx").then((m) => ({ default: m.LoansPage })));
const RentalsPage = lazy(() => import("../features/rentals/RentalsPage.tsx").then((m) => ({ default: m.RentalsPage })));
const StatusPage = lazy(() => import("../features/status/StatusPage.tsx").then((m) => ({ default: m.StatusPage })));
const DonationsPage = lazy(() =>
  import("../features/donations/DonationsPage.tsx").then((m) => ({ default: m.DonationsPage })),
);
const TermsPage = lazy(() => import("../features/legal/TermsPage.tsx").then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import("../features/legal/PrivacyPage.tsx").then((m) => ({ default: m.PrivacyPage })));
const VerifyEmailPage = lazy(() =>
  import("../features/auth/VerifyEmailPage.tsx").then((m) => ({ default: m.VerifyEmailPage })),
);
const ResetPasswordPage = lazy(() =>
  import("../features/auth/ResetPasswordPage.tsx").then((m) => ({ default: m.ResetPasswordPage })),
);
const VerificationPage = lazy(() =>
  import("../features/verification/VerificationPage.tsx").then((m) => ({ default: m.VerificationPage })),
);
const PublicProfilePage = lazy(() =>
  import("../features/reviews/index.ts").then((m) => ({ default: m.PublicProfilePage })),
);
const PendingReviewsPage = lazy(() =>
  import("../features/reviews/index.ts").then((m) => ({ default: m.PendingReviewsPage })),
);
const ActionsDemoPage = lazy(() =>
  import("../features/actions-demo/ActionsDemoPage.tsx").then((m) => ({ default: m.ActionsDemoPage })),
);

/**
 * Declarative routes (BrowserRouter): half the router code of the data router, which the app does
 * not need (data is loaded with TanStack Query).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="perfil" element={<ProfilePage />} />
        <Route path="force-clean" element={<ForceCleanPage />} />
        {/* One registration page for four routes; the key restarts the wizard when the route changes
            (/registrar-tiempo and /registrar-dinero preselect their type). */}
        <Route path="registrar-activo" element={<RegistrationPage key="registrar-activo" />} />
        <Route path="crear-activo-v6" element={<RegistrationPage key="crear-activo-v6" />} />
        <Route path="registrar-tiempo" element={<RegistrationPage key="registrar-tiempo" />} />
        <Route path="registrar-dinero" element={<RegistrationPage key="registrar-dinero" />} />
        <Route path="valorar" element={<ValuationFormPage />} />
        <Route path="valorar-activo" element={<ValuationFormPage />} />
        <Route path="ver-activo/:id" element={<AssetDetailRoute />} />
        <Route path="mis-activos" element={<MyAssetsRoute />} />
        <Route path="movimientos" element={<MovementsPage />} />
        <Route path="mi-actividad" element={<ActivityPage />} />
        <Route path="favoritos" element={<FavoritesPage />} />
        <Route path="economia" element={<EconomyPage />} />
        <Route path="actions-demo" element={<ActionsDemoPage />} />
        <Route path="vender" element={<SellRoute />} />
        <Route path="custodia" element={<CustodyPage />} />
        <Route path="prestar" element={<LoansPage />} />
        <Route path="alquilar" element={<RentalsPage />} />
        <Route path="status" element={<StatusPage />} />
        <Route path="donar" element={<DonationsPage key="donar" mode="donar" />} />
        <Route path="regalar" element={<DonationsPage key="regalar" mode="regalar" />} />
        <Route path="mensajes" element={<ChatsPage />} />
        <Route path="marketplace" element={<MarketplacePage />} />
        <Route path="retiros" element={<WithdrawalsPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="intercambiar" element={<ExchangePage />} />
        <Route path="intercambios-locales" element={<LocalExchangesPage />} />
        <Route path="verificar-email" element={<VerifyEmailPage />} />
        <Route path="restablecer-contrasena" element={<ResetPasswordPage />} />
        <Route path="terminos" element={<TermsPage />} />
        <Route path="privacidad" element={<PrivacyPage />} />
        <Route path="verificacion" element={<VerificationPage />} />
        <Route path="usuarios/:id" element={<PublicProfilePage />} />
        <Route path="calificaciones" element={<PendingReviewsPage />} />
        {/* Areas still to come (/intercambiar, /vender, …) land here for now. */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * Loads the module of the page the app opens on, when that page is an asset's (a shared link):
 * the server preloads its modules and inlines its data (apps/server plugins/web.ts), so the first
 * render shows the asset, not a loading step. For a donated asset and a signed-in person, their own
 * view of its donation is asked for at the same time, and waited for at most DONATION_WAIT_MS after
 * the modules: the donation panel then paints at its height (features/donations). Never fails: a
 * failed load is retried by the route.
 */
export function preloadInitialRoute(pathname: string): Promise<void> {
  if (!pathname.startsWith(ASSET_PAGE)) return Promise.resolve();
  const route = preloadAssetDetail().then(
    () => undefined,
    () => undefined,
  );
  const assetId = safeDecode(pathname.slice(ASSET_PAGE.length).replace(/\/$/, ""));
  if (!assetId || !getToken() || !hasPageData(pathname, DONATION_BLOCK)) return route;
  const own = import("../features/donations/asset-donation.ts").then(
    (m) => m.prefetchOwnAssetDonation(assetId),
    () => undefined,
  );
  return Promise.all([route, Promise.race([own, route.then(() => wait(DONATION_WAIT_MS))])]).then(() => undefined);
}

const ASSET_PAGE = "/ver-activo/";
/** How long the first render may wait for a donation's own view once the page's modules are in. */
const DONATION_WAIT_MS = 300;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return "";
  }
}
