import { LOAN_DEFAULTS, LOAN_MSG } from "@valoriza/domain";
import { type FormEvent, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { isAuthError } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useCreateLoan } from "./api.ts";

/**
 * 'Confirmar préstamo' on the asset page: the term and the credit guarantee (spec defaults: 7 days,
 * interest 0, creditos_bloqueados), sent to the asset's owner. Its own chunk with the loans' API and
 * contracts (LoanAssetAction loads it when the button is reached or pressed).
 */
export function LoanRequestForm({
  asset,
  onCancel,
  onDone,
}: {
  asset: Asset;
  onCancel: () => void;
  onDone: () => void;
}) {
  const create = useCreateLoan();
  const [plazo, setPlazo] = useState(String(LOAN_DEFAULTS.plazoDias));
  const [garantia, setGarantia] = useState("");
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const valor = Number(garantia);
    if (!garantia.trim() || !(valor > 0)) {
      setError(LOAN_MSG.guaranteeRequired);
      return;
    }
    const body = {
      activoId: asset.id,
      prestamistaId: asset.ownerId,
      garantiaTipo: LOAN_DEFAULTS.garantiaTipo,
      garantiaValor: Math.round(valor),
      plazoDias: Number(plazo) || LOAN_DEFAULTS.plazoDias,
      interes: LOAN_DEFAULTS.interes,
      notas: "",
    };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
    try {
      await create.mutateAsync({ ...body, idempotencyKey: attempt.current.key });
      attempt.current = null;
      onDone();
      toast({ title: LOAN_MSG.created, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      attempt.current = null;
      toast({ title: "Error", description: errorMessage(e, LOAN_MSG.createFailed), variant: "error" });
    }
  };

  return (
    <Card className="p-4">
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Confirmar préstamo" className="grid gap-3">
        <h2 className="font-semibold text-slate-900">Confirmar préstamo</h2>
        <Field id="asset-loan-term" label="Plazo (días)">
          {(c) => (
            <Input {...c} type="number" min={1} step={1} value={plazo} onChange={(e) => setPlazo(e.target.value)} />
          )}
        </Field>
        <Field id="asset-loan-guarantee" label="Créditos a bloquear como garantía" error={error ?? undefined}>
          {(c) => (
            <Input
              {...c}
              type="number"
              min={1}
              step={1}
              value={garantia}
              onChange={(e) => setGarantia(e.target.value)}
            />
          )}
        </Field>
        <div className="flex gap-2">
          <Button type="submit" loading={create.isPending} loadingText="Enviando…">
            Solicitar préstamo
          </Button>
          <Button variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
        </div>
      </form>
    </Card>
  );
}
