import { CircleExclamationPoint, RefreshCw } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button, buttonClasses } from "../components/ui/button.tsx";

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

/** Shown when a page fails to render or its code cannot be downloaded (e.g. after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <CircleExclamationPoint aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">
        {chunk ? "No pudimos cargar esta página" : "Algo salió mal"}
      </h1>
      <p className="mt-2 text-slate-500">
        {chunk
          ? "Es posible que haya una nueva versión de Valoriza o que se haya perdido la conexión."
          : "Ocurrió un error inesperado. Intenta recargar la página."}
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Recargar la página
        </Button>
        <a href="/" className={buttonClasses({ variant: "outline" })}>
          Volver al inicio
        </a>
      </div>
    </section>
  );
}

/** Catches render errors of one page (reset by remounting it with another key, e.g. the path). */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Error al mostrar la página", error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
