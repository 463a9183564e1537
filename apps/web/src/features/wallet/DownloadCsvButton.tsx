import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { NETWORK_ERROR_MESSAGE, responseErrorMessage } from "../../lib/api.ts";
import { getToken } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";

const SOURCES = {
  movimientos: { path: "/api/movimientos/mis-movimientos/all?formato=csv", fallbackName: "valoriza-movimientos.csv" },
  transacciones: {
    path: "/api/transacciones/mis-transacciones/all?formato=csv",
    fallbackName: "valoriza-transacciones.csv",
  },
} as const;

/** The file name of a `Content-Disposition: attachment; filename="…"` answer. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return m?.[1] ?? fallback;
}

/**
 * 'Descargar CSV' (issue 20): the whole history as a spreadsheet file. The call needs the session's
 * bearer token, which a plain link cannot send, so the file is fetched and handed to the browser as
 * a real download (an object URL on an <a download>).
 */
export function DownloadCsvButton({ kind, className }: { kind: keyof typeof SOURCES; className?: string }) {
  const [busy, setBusy] = useState(false);
  const source = SOURCES[kind];

  const download = async () => {
    setBusy(true);
    try {
      const token = getToken();
      const response = await fetch(source.path, {
        headers: { Accept: "text/csv", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        credentials: "include",
      });
      if (!response.ok) {
        const text = await response.text().catch(() => "");
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
        throw new Error(responseErrorMessage(response, body, text));
      }
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(response.headers.get("content-disposition"), source.fallbackName);
      link.rel = "noopener";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast({ title: "Descarga lista", description: link.download, variant: "success" });
    } catch (error) {
      const message = error instanceof TypeError ? NETWORK_ERROR_MESSAGE : (error as Error).message;
      toast({ title: "No se pudo descargar el CSV", description: message, variant: "error" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      loading={busy}
      loadingText="Descargando…"
      onClick={() => void download()}
    >
      <Download aria-hidden="true" className="size-4" />
      Descargar CSV
    </Button>
  );
}
