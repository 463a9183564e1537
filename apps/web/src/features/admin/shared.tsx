import { Button } from "../../components/ui/button.tsx";
import { isAuthError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";

/** A toast for a failed admin action (nothing when the session ended: the sign-in takes over). */
export const failed = (title: string) => (e: unknown) => {
  if (isAuthError(e)) return;
  toast({ title, description: errorMessage(e, "Intenta de nuevo"), variant: "error" });
};

/** A row of toggle buttons that filters a list (the pressed one is the current value). */
export function FilterBar({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: string; label: string; count?: number | undefined }[];
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <Button
          key={o.value || "todos"}
          size="sm"
          variant={value === o.value ? "primary" : "outline"}
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
          {o.count !== undefined ? ` (${o.count})` : ""}
        </Button>
      ))}
    </fieldset>
  );
}
