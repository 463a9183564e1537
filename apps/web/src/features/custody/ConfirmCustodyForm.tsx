import { CODE_LENGTH, DEALS_MSG, formatNumber } from "@valoriza/domain";
import { KeyRound, PackageCheck } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { isAuthError } from "../../lib/api.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useConfirmCustody } from "./api.ts";

/** The receiver confirms a delivery with the code the giver handed over. */
export function ConfirmCustodyForm() {
  const confirm = useConfirmCustody();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const attempt = useRef<{ key: string; code: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    const value = code.trim();
    if (!value) {
      setError(DEALS_MSG.custodyCodeRequired);
      return;
    }
    if (attempt.current?.code !== value) attempt.current = { key: newIdempotencyKey(), code: value };
    try {
      const result = await confirm.mutateAsync({ code: value, idempotencyKey: attempt.current.key });
      attempt.current = null;
      setCode("");
      const c = result.custodia;
      // Only what the receiver's confirmation did: the seller's asset credits may wait in review (ADR 015).
      const line = c
        ? `Recibiste "${c.assetTitle}".${
            c.pagoCreditos > 0
              ? ` Tu pago de ${formatNumber(c.pagoCreditos)} créditos pasó a ${c.oferente.name || "quien entregó"}.`
              : ""
          }`
        : result.message || DEALS_MSG.custodyConfirmed;
      setDone(line);
      toast({ title: DEALS_MSG.custodyConfirmed, description: line, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      attempt.current = null;
      toast({ title: DEALS_MSG.custodyConfirmFailed, description: errorMessage(e, ""), variant: "error" });
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-labelledby="confirmar-entrega-title"
        className="grid gap-4"
      >
        <h2 id="confirmar-entrega-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <KeyRound aria-hidden="true" className="size-5 text-emerald-700" />
          Confirmar entrega
        </h2>
        <p className="text-sm text-slate-600">
          ¿Ya recibiste el activo? Escribe el código de {CODE_LENGTH} dígitos que te dio quien lo entregó.
        </p>
        <Field id="custody-code" label="Código de confirmación" error={error ?? undefined}>
          {(c) => (
            <Input
              {...c}
              value={code}
              onChange={(e) => setCode(e.target.value.slice(0, CODE_LENGTH))}
              maxLength={CODE_LENGTH}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              className="font-mono tracking-widest"
            />
          )}
        </Field>
        <Button type="submit" loading={confirm.isPending} loadingText="Confirmando…">
          <PackageCheck aria-hidden="true" className="size-4" />
          Confirmar entrega
        </Button>
        {done ? <Alert variant="success">{done}</Alert> : null}
      </form>
    </Card>
  );
}
