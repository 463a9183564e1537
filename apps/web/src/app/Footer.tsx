import { Mail } from "lucide-react";
import { Link } from "react-router-dom";
import { LogoMark } from "../components/ui/logo.tsx";

export const CONTACT_EMAIL = "contacto@valoriza.co";

const legalLink =
  "inline-flex min-h-6 items-center rounded font-medium text-slate-600 underline-offset-2 hover:text-emerald-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500";

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200/80 bg-white max-sm:pb-20">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <div className="max-w-sm">
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            <LogoMark className="size-7" />
            <span className="font-extrabold tracking-tight text-slate-900">Valoriza</span>
          </Link>
          <p className="mt-2 text-sm text-slate-500">
            Mercado colaborativo de activos y créditos para Colombia. 1 crédito = 1.000 COP.
          </p>
        </div>
        <div className="text-sm">
          <p className="font-medium text-slate-700">¿Tienes preguntas?</p>
          <a
            href={`mailto:${CONTACT_EMAIL}`}
            className="mt-1 inline-flex items-center gap-2 rounded font-semibold text-emerald-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            <Mail aria-hidden="true" className="size-4" />
            {CONTACT_EMAIL}
          </a>
        </div>
      </div>
      <div className="border-t border-slate-100">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-4 text-xs text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {new Date().getFullYear()} Valoriza. Hecho en Colombia.</p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              <li>
                <Link to="/terminos" className={legalLink}>
                  Términos y condiciones
                </Link>
              </li>
              <li>
                <Link to="/privacidad" className={legalLink}>
                  Política de tratamiento de datos personales
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
