import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { Card } from "../../components/ui/card.tsx";

/** False for the step shown when the page opens: only a step change moves the focus. */
export const StepFocusContext = createContext(true);

/** One wizard step: its heading takes the focus when the step opens (keyboard and screen readers). */
export function StepShell({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const focusOnMount = useContext(StepFocusContext);
  useEffect(() => {
    if (!focusOnMount) return;
    heading.current?.focus({ preventScroll: true });
    // Each step starts at the top of the page, with the stepper in view.
    window.scrollTo({ top: 0 });
  }, [focusOnMount]);
  return (
    <Card className="p-5 sm:p-7">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
      <div className="mt-6">{children}</div>
      {footer ? (
        <div className="mt-8 flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-between">
          {footer}
        </div>
      ) : null}
    </Card>
  );
}
