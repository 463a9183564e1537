import { ArrowDown, Clock, Coins, Package, Plus, Sparkles, Wallet } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router-dom";
import { buttonClasses } from "../../components/ui/button.tsx";

/** Static: memoized, so a search typed on the home page does not render it again (issue 21). */
export const Hero = memo(function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-emerald-700 via-emerald-600 to-teal-600 px-6 py-10 text-white shadow-lg shadow-emerald-900/10 sm:px-10 sm:py-14"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 left-1/3 size-72 rounded-full bg-teal-400/20"
      />
      <div className="relative grid items-center gap-10 lg:grid-cols-[1.35fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide text-emerald-50 ring-1 ring-white/20">
            <Sparkles aria-hidden="true" className="size-3.5" />
            Mercado colaborativo de Colombia
          </p>
          <h1
            id="hero-title"
            className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl"
          >
            Dale valor a lo que tienes
          </h1>
          <p className="mt-4 max-w-xl text-base text-pretty text-emerald-50/90 sm:text-lg">
            Registra tus bienes, tu tiempo o tu dinero, recibe créditos y úsalos para intercambiar, prestar, alquilar,
            vender, donar o regalar dentro de la comunidad.
          </p>
          <div className="mt-7 flex flex-col gap-3 sm:flex-row">
            <Link
              to="/registrar-activo"
              className={buttonClasses({
                variant: "inverse",
                size: "lg",
                className: "focus-visible:ring-white focus-visible:ring-offset-emerald-700",
              })}
            >
              <Plus aria-hidden="true" className="size-5" />
              Valoriza tu Activo
            </Link>
            <a
              href="#activos"
              className={buttonClasses({
                variant: "ghost",
                size: "lg",
                className:
                  "text-white ring-1 ring-white/40 hover:bg-white/10 hover:text-white focus-visible:ring-white focus-visible:ring-offset-emerald-700",
              })}
            >
              Explorar activos
              <ArrowDown aria-hidden="true" className="size-5" />
            </a>
          </div>
        </div>

        <ul aria-label="Cómo funciona" className="hidden gap-3 lg:grid">
          {[
            { Icon: Package, title: "Bienes", text: "Tecnología, muebles, vehículos y más" },
            { Icon: Clock, title: "Tiempo", text: "Tus horas de trabajo también valen" },
            { Icon: Wallet, title: "Dinero", text: "Aportes, préstamos e inversiones" },
            { Icon: Coins, title: "1 crédito = 1.000 COP", text: "Una moneda interna clara y estable" },
          ].map(({ Icon, title, text }) => (
            <li
              key={title}
              className="flex items-center gap-4 rounded-2xl bg-white/10 p-4 ring-1 ring-white/15 backdrop-blur-sm"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/15">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="block text-sm text-emerald-50/80">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
});

/** Round shortcut to asset registration, only on phones (overview §2 Home). */
export const FloatingRegisterButton = memo(function FloatingRegisterButton() {
  return (
    <Link
      to="/registrar-activo"
      aria-label="Valoriza tu Activo"
      title="Valoriza tu Activo"
      className="fixed right-4 bottom-5 z-40 flex size-14 items-center justify-center rounded-full bg-emerald-600 text-white shadow-lg shadow-emerald-900/30 transition-transform hover:bg-emerald-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-emerald-300 active:scale-95 sm:hidden"
    >
      <Plus aria-hidden="true" className="size-7" />
    </Link>
  );
});
