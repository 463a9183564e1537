import { TERMINOS_VERSION } from "@valoriza/domain";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { versionDate } from "./content.ts";

/** The frame of a legal text: title, version date, sections and a link to the other document. */
export function LegalPage({
  title,
  intro,
  other,
  children,
}: {
  title: string;
  intro: ReactNode;
  other: { to: string; label: string };
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl">
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-2xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">
          Versión {TERMINOS_VERSION} · Vigente desde el <time dateTime={TERMINOS_VERSION}>{versionDate()}</time>
        </p>
        <div className="mt-4 text-base leading-relaxed text-slate-700">{intro}</div>
      </header>
      <div className="legal-text mt-6 flex flex-col gap-8 text-base leading-relaxed text-slate-700">{children}</div>
      <footer className="mt-10 rounded-2xl bg-slate-50 p-5 text-sm text-slate-700">
        Consulta también{" "}
        <Link
          to={other.to}
          className="font-semibold text-emerald-700 underline underline-offset-2 hover:text-emerald-800 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        >
          {other.label}
        </Link>
        .
      </footer>
    </article>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-bold text-slate-900 sm:text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Bullets({ children }: { children: ReactNode }) {
  return <ul className="ml-5 flex list-disc flex-col gap-1.5 marker:text-emerald-600">{children}</ul>;
}
