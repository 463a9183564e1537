import { LOAN_DEFAULTS, LOAN_MSG } from "@valoriza/domain";
import { HandCoins } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { isAuthError } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useCreateLoan } from "./api.ts";

/**
 * The asset page's 'Solicitar préstamo' for a `prestar` asset: a confirmation panel with the term and
 * the credit guarantee (spec defaults: 7 days, interest 0, creditos_bloqueados), sent to its owner.
 */
export function LoanAssetAction({ asset }: { asset: Asset }) {
  const { isAuthenticated } = useSession();
  const create = useCreateLoan();
  const [open, setOpen] = useState(false);
  const [plazo, setPlazo] = useState(String(LOAN_DEFAULTS.plazoDias));
  const [garantia, setGarantia] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
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
      setDone(true);
      setOpen(false);
      toast({ title: LOAN_MSG.created, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      attempt.current = null;
      toast({ title: "Error", description: errorMessage(e, LOAN_MSG.createFailed), variant: "error" });
    }
  };

  if (done) {
    return (
      <Alert variant="success" title={LOAN_MSG.created}>
        <p>
          Sigue tu solicitud en{" "}
          <Link to="/prestar" className="font-semibold underline">
            Préstamos
          </Link>
          .
        </p>
      </Alert>
    );
  }
  if (!open) {
    return (
      <Button size="lg" className="w-full" onClick={() => (isAuthenticated ? setOpen(true) : openAuthDialog("login"))}>
        <HandCoins aria-hidden="true" className="size-4" />
        Solicitar préstamo
      </Button>
    );
  }
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
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancelar
          </Button>
        </div>
      </form>
    </Card>
  );
}
