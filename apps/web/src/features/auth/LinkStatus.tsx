import { ACCOUNT_MSG } from "@valoriza/domain";
import { CircleCheck, CircleExclamationPoint, Clock, Link2Off } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/utils.ts";

/** What a mailed link's page shows once the server answered. */
export type LinkOutcome = "expired" | "used" | "invalid" | "error";

/** Tells an expired, used or unknown link apart by the server's (contractual) message. */
export function linkOutcome(error: unknown): LinkOutcome {
  const message = error instanceof Error ? error.message : "";
  if (message === ACCOUNT_MSG.linkExpired) return "expired";
  if (message === ACCOUNT_MSG.linkUsed) return "used";
  if (message === ACCOUNT_MSG.linkInvalid || (error instanceof ApiError && error.status === 400)) return "invalid";
  return "error";
}

const icons = {
  success: { Icon: CircleCheck, className: "bg-emerald-50 text-emerald-700" },
  expired: { Icon: Clock, className: "bg-amber-50 text-amber-700" },
  used: { Icon: Link2Off, className: "bg-slate-100 text-slate-700" },
  invalid: { Icon: CircleExclamationPoint, className: "bg-red-50 text-red-700" },
  error: { Icon: CircleExclamationPoint, className: "bg-red-50 text-red-700" },
} as const;

/**
 * The card of a mailed link's page (verification, reset): one heading, what happened, what to do.
 * The heading takes focus when the state changes, so a screen reader reads the new state.
 */
export function LinkCard({
  state,
  title,
  children,
}: {
  state: keyof typeof icons | "form";
  title: string;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves each time the state changes.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [state]);
  const look = state === "form" ? null : icons[state];
  return (
    <section className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      {look ? (
        <span className={cn("mb-4 inline-flex size-12 items-center justify-center rounded-full", look.className)}>
          <look.Icon aria-hidden="true" className="size-6" />
        </span>
      ) : null}
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        {title}
      </h1>
      <div className="mt-3 space-y-4 text-slate-700">{children}</div>
    </section>
  );
}
