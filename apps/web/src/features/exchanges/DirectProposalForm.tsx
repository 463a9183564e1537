import { EXCHANGE_MSG } from "@valoriza/domain";
import { Send } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useMyExchangeableAssets, useProposeExchange, useRequestableAssets } from "./api.ts";
import { fmt } from "./format.ts";

/** 'Directo': one of my assets for someone else's (`requestedId` preselects it), with the value difference. */
export function DirectProposalForm({ requestedId }: { requestedId: string }) {
  const id = useId();
  const mine = useMyExchangeableAssets();
  const others = useRequestableAssets();
  const propose = useProposeExchange();
  const [offered, setOffered] = useState("");
  const [requested, setRequested] = useState(requestedId);
  const [message, setMessage] = useState("");
  const [credits, setCredits] = useState("");
  const [error, setError] = useState("");
  const key = useRef(newIdempotencyKey());
  const off = mine.data?.find((a) => a.id === offered);
  const req = others.data?.find((a) => a.id === requested);
  const diff = off && req ? (req.credits ?? 0) - (off.credits ?? 0) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!off || !req) {
      setError(EXCHANGE_MSG.assetsRequired);
      return;
    }
    setError("");
    const extra = Number(credits || 0);
    try {
      await propose.mutateAsync({
        offeredAssetId: off.id,
        requestedAssetId: req.id,
        targetUserId: req.ownerId,
        message,
        creditosAdicionales: Number.isInteger(extra) && extra > 0 ? extra : 0,
        idempotencyKey: key.current,
      });
      key.current = newIdempotencyKey();
      toast({
        title: EXCHANGE_MSG.proposalSent,
        variant: "success",
        description: `Propusiste "${off.title}" por "${req.title}".`,
      });
      setOffered("");
      setRequested("");
      setMessage("");
      setCredits("");
    } catch (err) {
      key.current = newIdempotencyKey();
      toast({
        title: EXCHANGE_MSG.sendFailed,
        description: errorMessage(err, EXCHANGE_MSG.sendFailed),
        variant: "error",
      });
    }
  };

  return (
    <Card className="p-5">
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <Field id={`${id}-offered`} label="Activo que ofreces" error={error && !off ? error : undefined}>
          {(p) => (
            <NativeSelect {...p} value={offered} onChange={(e) => setOffered(e.target.value)}>
              <option value="">Selecciona uno de tus activos</option>
              {(mine.data ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title} · {fmt(a.credits ?? 0)} créditos
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id={`${id}-requested`} label="Activo que solicitas" error={error && off && !req ? error : undefined}>
          {(p) => (
            <NativeSelect {...p} value={requested} onChange={(e) => setRequested(e.target.value)}>
              <option value="">Selecciona el activo de otra persona</option>
              {(others.data ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title} · {fmt(a.credits ?? 0)} créditos{a.owner?.name ? ` · ${a.owner.name}` : ""}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id={`${id}-message`} label="Mensaje" optional className="sm:col-span-2">
          {(p) => <Textarea {...p} value={message} maxLength={500} onChange={(e) => setMessage(e.target.value)} />}
        </Field>
        <Field
          id={`${id}-credits`}
          label="Créditos adicionales"
          optional
          hint={
            diff === null
              ? "Quedan en custodia hasta que respondan; se devuelven si la propuesta no se acepta."
              : diff > 0
                ? `El activo que solicitas vale ${fmt(diff)} créditos más que el tuyo.`
                : diff < 0
                  ? `Tu activo vale ${fmt(-diff)} créditos más que el solicitado.`
                  : "Los dos activos valen lo mismo."
          }
        >
          {(p) => (
            <Input
              {...p}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={credits}
              onChange={(e) => setCredits(e.target.value)}
            />
          )}
        </Field>
        <div className="flex items-end">
          <Button type="submit" disabled={propose.isPending} className="w-full sm:w-auto">
            <Send aria-hidden="true" />
            Enviar propuesta
          </Button>
        </div>
      </form>
      {error && (!off || !req) ? (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
