/**
 * The site's navigation (overview §2, signed-in header of /status): one list for the header menu
 * on every screen size. Areas not built yet are listed as "Próximamente" (not links).
 */
export interface NavLinkItem {
  to: string;
  label: string;
  /** Only administrators see it (Retiros). */
  adminOnly?: boolean;
}

export interface NavSection {
  title: string;
  items: NavLinkItem[];
}

export const SIGNED_IN_NAV: NavSection[] = [
  {
    title: "Tu cuenta",
    items: [
      { to: "/mis-activos", label: "Mis Activos" },
      { to: "/favoritos", label: "Favoritos" },
      { to: "/mi-actividad", label: "Mi Actividad" },
      { to: "/movimientos", label: "Movimientos" },
      { to: "/mensajes", label: "Mensajes" },
      { to: "/calificaciones", label: "Calificaciones" },
      { to: "/perfil", label: "Perfil" },
    ],
  },
  {
    title: "Operar",
    items: [
      { to: "/valorar", label: "Valorizar Activo" },
      { to: "/intercambiar", label: "Intercambiar" },
      { to: "/intercambios-locales", label: "Intercambios locales" },
      { to: "/vender", label: "Vender" },
      { to: "/prestar", label: "Prestar" },
      { to: "/alquilar", label: "Alquilar" },
      { to: "/donar", label: "Donar" },
      { to: "/regalar", label: "Regalar" },
      { to: "/custodia", label: "Custodia" },
      { to: "/marketplace", label: "Marketplace" },
      { to: "/retiros", label: "Retiros", adminOnly: true },
      { to: "/admin", label: "Administración", adminOnly: true },
    ],
  },
  {
    title: "Valoriza",
    items: [
      { to: "/economia", label: "Economía" },
      { to: "/actions-demo", label: "Acciones por tipo de activo" },
    ],
  },
];

export const SIGNED_OUT_NAV: NavSection[] = [
  {
    title: "Valoriza",
    items: [
      { to: "/", label: "Inicio" },
      { to: "/valorar", label: "Valorizar Activo" },
      { to: "/marketplace", label: "Marketplace" },
      { to: "/economia", label: "Economía" },
      { to: "/actions-demo", label: "Acciones por tipo de activo" },
    ],
  },
];

/** Areas of the spec still being built: shown, marked, not linked. */
export const COMING_SOON: readonly string[] = [];
