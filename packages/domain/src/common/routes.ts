/**
 * The web app's routes (overview §2 plus the app's own pages), as the router in
 * apps/web/src/app/router.tsx declares them (without the leading slash; `:name` is one path
 * segment). The server answers HTTP 404 with the app's not-found page for any other path
 * (issue 15 item 5). A server test (apps/server/src/plugins/web.not-found.test.ts) compares this
 * list with the router's, so the two cannot drift apart.
 */
export const WEB_ROUTES = [
  "",
  "perfil",
  "force-clean",
  "registrar-activo",
  "crear-activo-v6",
  "registrar-tiempo",
  "registrar-dinero",
  "valorar",
  "valorar-activo",
  "ver-activo/:id",
  "mis-activos",
  "movimientos",
  "mi-actividad",
  "economia",
  "actions-demo",
  "vender",
  "custodia",
  "prestar",
  "alquilar",
  "status",
  "donar",
  "regalar",
  "mensajes",
  "marketplace",
  "retiros",
  "admin",
  "intercambiar",
  "intercambios-locales",
  "terminos",
  "privacidad",
  "verificar-email",
  "restablecer-contrasena",
  "favoritos",
  "verificacion",
  "usuarios/:id",
  "calificaciones",
] as const;

const segments = (path: string) => path.split("/").filter((s) => s !== "");

const ROUTE_SEGMENTS = WEB_ROUTES.map((route) => segments(route).map((s) => s.toLowerCase()));

/**
 * Whether the web app has a page at `pathname` (a URL path, query excluded). Matches as React
 * Router does by default: case-insensitive, a trailing slash allowed, `:param` one non-empty segment.
 */
export function isWebRoute(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const parts = segments(decoded).map((s) => s.toLowerCase());
  return ROUTE_SEGMENTS.some(
    (route) => route.length === parts.length && route.every((seg, i) => seg.startsWith(":") || seg === parts[i]),
  );
}
