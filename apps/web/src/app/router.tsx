import { lazy } from "react";
import { Route, Routes } from "react-router-dom";
import { HomePage } from "../features/home/HomePage.tsx";
import { Layout } from "./Layout.tsx";

// Every page except home is its own chunk, so the first load stays small.
const ProfilePage = lazy(() =>
  import("../features/profile/ProfilePage.tsx").then((m) => ({ default: m.ProfilePage })),
);
const ForceCleanPage = lazy(() =>
  import("../features/force-clean/ForceCleanPage.tsx").then((m) => ({ default: m.ForceCleanPage })),
);
const NotFoundPage = lazy(() =>
  import("../features/not-found/NotFoundPage.tsx").then((m) => ({ default: m.NotFoundPage })),
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
        {/* Areas still to come (/mis-activos, /intercambiar, …) land here for now. */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
