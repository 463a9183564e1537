import { lazy } from "react";
import { Route, Routes } from "react-router-dom";
import { HomePage } from "../features/home/HomePage.tsx";
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
const AssetDetailPage = lazy(() =>
  import("../features/assets/AssetDetailPage.tsx").then((m) => ({ default: m.AssetDetailPage })),
);
const MyAssetsRoute = lazy(() => import("./MyAssetsRoute.tsx").then((m) => ({ default: m.MyAssetsRoute })));
const MovementsPage = lazy(() => import("../features/wallet/pages.tsx").then((m) => ({ default: m.MovementsPage })));
const ActivityPage = lazy(() => import("../features/wallet/pages.tsx").then((m) => ({ default: m.ActivityPage })));
const EconomyPage = lazy(() => import("../features/economy/EconomyPage.tsx").then((m) => ({ default: m.EconomyPage })));
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
        <Route path="ver-activo/:id" element={<AssetDetailPage />} />
        <Route path="mis-activos" element={<MyAssetsRoute />} />
        <Route path="movimientos" element={<MovementsPage />} />
        <Route path="mi-actividad" element={<ActivityPage />} />
        <Route path="economia" element={<EconomyPage />} />
        <Route path="actions-demo" element={<ActionsDemoPage />} />
        {/* Areas still to come (/intercambiar, /vender, …) land here for now. */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
