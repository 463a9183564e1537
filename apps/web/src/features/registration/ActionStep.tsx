import {
  ASSET_ACTIONS,
  ASSET_MSG,
  type AssetAction,
  MAIN_PURPOSE_LABELS,
  type WizardAssetType,
} from "@valoriza/domain";
import {
  ArrowLeft,
  ArrowLeftRight,
  ArrowRight,
  Gift,
  Handshake,
  HeartHandshake,
  KeyRound,
  type LucideIcon,
  RefreshCw,
  Tag,
} from "lucide-react";
import { useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useAvailableActions } from "./api.ts";
import { ChoiceCards } from "./ChoiceCards.tsx";
import { StepShell } from "./StepShell.tsx";

const ACTION_META: Record<AssetAction, { Icon: LucideIcon; description: string }> = {
  vender: { Icon: Tag, description: "Recibe créditos o dinero a cambio." },
  intercambiar: { Icon: ArrowLeftRight, description: "Cámbialo por otro activo." },
  prestar: { Icon: Handshake, description: "Préstalo por un plazo, con garantía." },
  alquilar: { Icon: KeyRound, description: "Cobra créditos por día de uso." },
  donar: { Icon: HeartHandshake, description: "Entrégalo a alguien o a la comunidad." },
  regalar: { Icon: Gift, description: "Sorprende a una persona concreta." },
};

const TYPE_NAMES: Record<WizardAssetType, string> = { bienes: "bienes", tiempo: "tiempo", dinero: "dinero" };

/** Step 2: the action, enabled only where GET /actions/{type} answers true ('Acción requerida'). */
export function ActionStep({
  type,
  value,
  onSelect,
  onBack,
  onNext,
}: {
  type: WizardAssetType;
  value: AssetAction | null;
  onSelect: (action: AssetAction) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const actions = useAvailableActions(type);
  const [error, setError] = useState<string | null>(null);
  const allowed = (action: AssetAction) => actions.data?.[action] === true;

  return (
    <StepShell
      title="¿Qué quieres hacer con él?"
      description="Solo se habilitan las acciones disponibles para este tipo de activo."
      footer={
        <>
          <Button variant="outline" onClick={onBack}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Atrás
          </Button>
          <Button
            disabled={!actions.data}
            onClick={() => {
              if (!value || !allowed(value)) return setError(ASSET_MSG.actionRequired);
              onNext();
            }}
          >
            Siguiente
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </>
      }
    >
      {actions.isPending ? (
        <div
          role="status"
          aria-label="Cargando acciones disponibles"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        >
          {ASSET_ACTIONS.map((a) => (
            <Skeleton key={a} className="h-20 rounded-2xl" />
          ))}
        </div>
      ) : actions.isError ? (
        <Alert title={ASSET_MSG.loadActionsError}>
          <p>Revisa tu conexión e intenta de nuevo.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void actions.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Reintentar
          </Button>
        </Alert>
      ) : (
        <ChoiceCards
          name="accion"
          legend="Acción"
          columns="sm:grid-cols-2 lg:grid-cols-3"
          value={value && allowed(value) ? value : null}
          onChange={(action) => {
            setError(null);
            onSelect(action);
          }}
          error={error}
          choices={ASSET_ACTIONS.map((action) => ({
            value: action,
            label: MAIN_PURPOSE_LABELS[action],
            description: ACTION_META[action].description,
            Icon: ACTION_META[action].Icon,
            disabled: !allowed(action),
            disabledReason:
              actions.data?.[action] === "compensacion"
                ? "Solo con compensación"
                : `No disponible para ${TYPE_NAMES[type]}`,
          }))}
        />
      )}
    </StepShell>
  );
}
