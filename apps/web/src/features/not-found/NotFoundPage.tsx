import { Compass, House } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonClasses } from "../../components/ui/button.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export function NotFoundPage() {
  useDocumentTitle("Página no encontrada");
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center py-10 text-center sm:py-16">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-6xl font-extrabold tracking-tight text-emerald-600">404</p>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-2 text-slate-500">La página que buscas no existe o fue movida.</p>
      <Link to="/" className={buttonClasses({ className: "mt-8" })}>
        <House aria-hidden="true" className="size-4" />
        Volver al inicio
      </Link>
    </section>
  );
}
