import {
  ArrowLeftRight,
  ChevronRight,
  Gift,
  Handshake,
  HeartHandshake,
  KeyRound,
  type LucideIcon,
  ShieldCheck,
  Store,
  Tag,
} from "lucide-react";
import { memo } from "react";
import { Link } from "react-router-dom";
import { cn } from "../../lib/utils.ts";

interface Action {
  title: string;
  to: string;
  description: string;
  Icon: LucideIcon;
  tint: string;
}

const ACTIONS: Action[] = [
  {
    title: "Intercambiar",
    to: "/intercambiar",
    description: "Cambia tus activos por otros que necesites.",
    Icon: ArrowLeftRight,
    tint: "bg-emerald-50 text-emerald-700 ring-emerald-100",
  },
  {
    title: "Prestar",
    to: "/prestar",
    description: "Presta o pide prestado con garantía.",
    Icon: Handshake,
    tint: "bg-teal-50 text-teal-700 ring-teal-100",
  },
  {
    title: "Alquilar",
    to: "/alquilar",
    description: "Gana créditos alquilando por días.",
    Icon: KeyRound,
    tint: "bg-sky-50 text-sky-700 ring-sky-100",
  },
  {
    title: "Vender",
    to: "/vender",
    description: "Vende por créditos o por dinero.",
    Icon: Tag,
    tint: "bg-amber-50 text-amber-700 ring-amber-100",
  },
  {
    title: "Donar",
    to: "/donar",
    description: "Apoya a tu comunidad con lo que no usas.",
    Icon: HeartHandshake,
    tint: "bg-rose-50 text-rose-700 ring-rose-100",
  },
  {
    title: "Regalar",
    to: "/regalar",
    description: "Sorprende a alguien con un regalo.",
    Icon: Gift,
    tint: "bg-fuchsia-50 text-fuchsia-700 ring-fuchsia-100",
  },
  {
    title: "Marketplace",
    to: "/marketplace",
    description: "Productos oficiales a cambio de créditos.",
    Icon: Store,
    tint: "bg-indigo-50 text-indigo-700 ring-indigo-100",
  },
  {
    title: "Custodia",
    to: "/custodia",
    description: "Entregas seguras con código de confirmación.",
    Icon: ShieldCheck,
    tint: "bg-lime-50 text-lime-700 ring-lime-100",
  },
];

/**
 * Static: memoized so that typing in the home search (each letter updates the URL and re-renders the
 * page) does not render the eight cards again (issue 21: responsiveness).
 */
export const ActionCards = memo(function ActionCards() {
  return (
    <section aria-labelledby="acciones-title">
      <h2 id="acciones-title" className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
        ¿Qué quieres hacer hoy?
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {ACTIONS.map(({ title, to, description, Icon, tint }) => (
          <li key={to} className="min-w-0">
            <Link
              to={to}
              className={cn(
                "group flex h-full flex-col gap-3 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm shadow-slate-900/5 transition",
                "hover:-translate-y-0.5 hover:border-emerald-300 hover:shadow-md",
                "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 sm:p-5",
              )}
            >
              <span className={cn("flex size-11 items-center justify-center rounded-xl ring-1", tint)}>
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">{title}</span>
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 shrink-0 text-slate-300 transition-colors group-hover:text-emerald-600"
                />
              </span>
              <span className="text-sm leading-snug text-slate-500">{description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
});
