import { CircleCheck, CircleExclamationPoint, Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/utils.ts";

const styles = {
  error: { box: "border-red-200 bg-red-50 text-red-800", Icon: CircleExclamationPoint, icon: "text-red-600" },
  success: {
    box: "border-emerald-200 bg-emerald-50 text-emerald-800",
    Icon: CircleCheck,
    icon: "text-emerald-600",
  },
  info: { box: "border-sky-200 bg-sky-50 text-sky-800", Icon: Info, icon: "text-sky-600" },
} as const;

/** Inline message box; errors are announced to screen readers right away. */
export function Alert({
  variant = "error",
  title,
  children,
  className,
}: {
  variant?: keyof typeof styles;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const { box, Icon, icon } = styles[variant];
  return (
    <div
      role={variant === "error" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-xl border p-3.5 text-sm", box, className)}
    >
      <Icon aria-hidden="true" className={cn("mt-0.5 size-5 shrink-0", icon)} />
      <div className="min-w-0 space-y-0.5 break-words">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
