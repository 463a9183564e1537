import { RefreshCw } from "lucide-react";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";

/**
 * A list or page that failed to load: a title, what went wrong and 'Reintentar' (the /custodia
 * pattern, issue 15 item 16). `retrying` keeps the button busy while the new attempt runs.
 */
export function ErrorState({
  title,
  message,
  onRetry,
  retrying = false,
  className,
}: {
  title: string;
  message?: string | undefined;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <Alert title={title} className={className}>
      {message ? <p>{message}</p> : null}
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        onClick={onRetry}
        loading={retrying}
        loadingText="Reintentando…"
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        Reintentar
      </Button>
    </Alert>
  );
}
