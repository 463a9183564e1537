import type { WizardAssetType } from "@valoriza/domain";
import { Sparkles } from "lucide-react";
import { useReducer, useRef } from "react";
import { useLocation } from "react-router-dom";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { ActionStep } from "./ActionStep.tsx";
import { AuthRequired } from "./AuthRequired.tsx";
import { ConfirmStep } from "./ConfirmStep.tsx";
import { GoodsStep } from "./GoodsStep.tsx";
import { MoneyStep } from "./MoneyStep.tsx";
import { Stepper } from "./Stepper.tsx";
import { StepFocusContext } from "./StepShell.tsx";
import { TimeStep } from "./TimeStep.tsx";
import { TypeStep } from "./TypeStep.tsx";
import { ValuationNotice } from "./ValuationNotice.tsx";
import { initialWizardState, wizardReducer } from "./wizard-state.ts";

/** /registrar-tiempo and /registrar-dinero start with their type chosen. */
function typeFromPath(pathname: string): WizardAssetType | null {
  if (pathname.startsWith("/registrar-tiempo")) return "tiempo";
  if (pathname.startsWith("/registrar-dinero")) return "dinero";
  return null;
}

/**
 * The registration wizard (/registrar-activo, /crear-activo-v6, /registrar-tiempo,
 * /registrar-dinero): type, action, details, valuation notice, confirmation. The state lives above
 * the session gate, so an expired session (401) loses nothing: sign in again and confirm.
 */
export function RegistrationPage() {
  const { pathname } = useLocation();
  useDocumentTitle("Registrar activo");
  const [state, dispatch] = useReducer(wizardReducer, typeFromPath(pathname), initialWizardState);
  const { isAuthenticated } = useSession();
  // The step shown on arrival keeps the page's focus; every later step takes it.
  const initialStep = useRef(state.step);
  const stepChanged = useRef(false);
  if (state.step !== initialStep.current) stepChanged.current = true;
  const moveFocus = stepChanged.current;

  if (!isAuthenticated) {
    return <AuthRequired message="Inicia sesión o crea una cuenta para registrar tus activos y recibir créditos." />;
  }

  const { type, action } = state;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-700">
          <Sparkles aria-hidden="true" className="size-4" />
          Valoriza tu activo
        </p>
        <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Registrar activo</h1>
        <p className="mt-1 text-slate-500">Registra un bien, tu tiempo o un aporte en dinero y recibe créditos.</p>
      </header>
      <Stepper current={state.step} />

      <StepFocusContext.Provider value={moveFocus}>
        {state.step === "type" || !type ? (
          <TypeStep
            key="type"
            value={type}
            onSelect={(t) => dispatch({ kind: "selectType", type: t })}
            onNext={() => dispatch({ kind: "goTo", step: "action" })}
          />
        ) : state.step === "action" || !action ? (
          <ActionStep
            key={`action-${type}`}
            type={type}
            value={action}
            onSelect={(a) => dispatch({ kind: "selectAction", action: a })}
            onBack={() => dispatch({ kind: "goTo", step: "type" })}
            onNext={() => dispatch({ kind: "goTo", step: "details" })}
          />
        ) : state.step === "details" ? (
          type === "bienes" ? (
            <GoodsStep
              key="goods"
              values={state.goods}
              images={state.images}
              onImages={(update) => dispatch({ kind: "images", update })}
              onBack={(values) => {
                dispatch({ kind: "saveGoods", values, calculate: false });
                dispatch({ kind: "goTo", step: "action" });
              }}
              onSave={(values) => dispatch({ kind: "saveGoods", values, calculate: true })}
            />
          ) : type === "tiempo" ? (
            <TimeStep
              key="time"
              values={state.time}
              onBack={(values) => {
                dispatch({ kind: "saveTime", values, calculate: false });
                dispatch({ kind: "goTo", step: "action" });
              }}
              onSave={(values) => dispatch({ kind: "saveTime", values, calculate: true })}
            />
          ) : (
            <MoneyStep
              key="money"
              values={state.money}
              onBack={(values) => {
                dispatch({ kind: "saveMoney", values, calculate: false });
                dispatch({ kind: "goTo", step: "action" });
              }}
              onSave={(values) => dispatch({ kind: "saveMoney", values, calculate: true })}
            />
          )
        ) : (
          <ConfirmStep
            key="confirm"
            state={state}
            type={type}
            action={action}
            submissionKey={state.submissionKey ?? ""}
            onEdit={() => dispatch({ kind: "edit" })}
          />
        )}
      </StepFocusContext.Provider>

      <ValuationNotice
        open={state.noticeOpen}
        onClose={() => dispatch({ kind: "closeNotice" })}
        onContinue={() => dispatch({ kind: "confirmNotice", submissionKey: newIdempotencyKey() })}
      />
    </div>
  );
}
