import { ASSET_MSG, WIZARD_ASSET_TYPE_LABELS, type WizardAssetType } from "@valoriza/domain";
import { ArrowRight, Banknote, Clock, Package } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { type Choice, ChoiceCards } from "./ChoiceCards.tsx";
import { StepShell } from "./StepShell.tsx";

const TYPE_CHOICES: Choice<WizardAssetType>[] = [
  {
    value: "bienes",
    label: WIZARD_ASSET_TYPE_LABELS.bienes,
    description: "Tecnología, muebles, vehículos, herramientas y más.",
    Icon: Package,
  },
  {
    value: "tiempo",
    label: WIZARD_ASSET_TYPE_LABELS.tiempo,
    description: "Tus horas de servicio: $30.000 por hora, $120.000 si es especializado.",
    Icon: Clock,
  },
  {
    value: "dinero",
    label: WIZARD_ASSET_TYPE_LABELS.dinero,
    description: "Donaciones, inversiones, préstamos o patrocinios.",
    Icon: Banknote,
  },
];

/** Step 1: the asset type ('Tipo de activo requerido'). */
export function TypeStep({
  value,
  onSelect,
  onNext,
}: {
  value: WizardAssetType | null;
  onSelect: (type: WizardAssetType) => void;
  onNext: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <StepShell
      title="¿Qué quieres valorizar?"
      description="Elige el tipo de activo. Cada tipo tiene su propia forma de valoración."
      footer={
        <Button
          className="sm:ml-auto"
          onClick={() => {
            if (!value) return setError(ASSET_MSG.assetTypeRequired);
            onNext();
          }}
        >
          Siguiente
          <ArrowRight aria-hidden="true" className="size-4" />
        </Button>
      }
    >
      <ChoiceCards
        name="tipo"
        legend="Tipo de activo"
        choices={TYPE_CHOICES}
        value={value}
        onChange={(type) => {
          setError(null);
          onSelect(type);
        }}
        error={error}
      />
    </StepShell>
  );
}
