import { EXCHANGE_MSG, type ExchangeProposal, type OpenOffer } from "@valoriza/domain";
import { ArrowLeftRight, Check, Clock, Send, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { RequireSession } from "../../components/require-session.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { assetPath } from "../../lib/assets.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import {
  useCreateOffer,
  useMyExchangeableAssets,
  useOpenOffers,
  useProposals,
  useProposeExchange,
  useRequestableAssets,
  useSetProposalStatus,
} from "./api.ts";

export const EXCHANGE_TABS = ["directo", "oferta-abierta", "recibidas", "enviadas"] as const;
type Tab = (typeof EXCHANGE_TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  directo: "Directo",
  "oferta-abierta": "Oferta abierta",
  recibidas: "Recibidas",
  enviadas: "Enviadas",
};

const STATUS_META: Record<string, { label: string; tone: BadgeTone }> = {
  pendiente: { label: "Pendiente", tone: "warning" },
  aceptada: { label: "Aceptada", tone: "brand" },
  rechazada: { label: "Rechazada", tone: "danger" },
  cancelada: { label: "Cancelada", tone: "neutral" },
  expirada: { label: "Expirada", tone: "neutral" },
  cerrada: { label: "Cerrada", tone: "neutral" },
};

const fmt = (n: number) => n.toLocaleString("es-CO");

/** "hace 3 horas" from an ISO date. */
function age(iso: string): string {
  const ms = Date.now() - Date.parse(iso);
  if (!Number.isFinite(ms)) return "";
  const min = Math.max(0, Math.round(ms / 60_000));
  if (min < 1) return "hace un momento";
  if (min < 60) return `hace ${min} ${min === 1 ? "minuto" : "minutos"}`;
  const h = Math.round(min / 60);
  if (h < 24) return `hace ${h} ${h === 1 ? "hora" : "horas"}`;
  const d = Math.round(h / 24);
  return `hace ${d} ${d === 1 ? "día" : "días"}`;
}

/** /intercambiar 'Intercambiar Activos' (overview §2 Exchange): tabs directo, oferta-abierta, recibidas, enviadas. */
export function ExchangePage() {
  useDocumentTitle(EXCHANGE_MSG.pageTitle);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{EXCHANGE_MSG.pageTitle}</h1>
        <p className="mt-1 text-slate-600">
          Cambia uno de tus activos por el de otra persona. Si los valores no coinciden, puedes añadir créditos.
        </p>
      </header>
      <RequireSession message="Inicia sesión para proponer y responder intercambios.">
        <ExchangeTabs />
      </RequireSession>
    </div>
  );
}

function ExchangeTabs() {
  const [params, setParams] = useSearchParams();
  const received = useProposals("received");
  const proposalId = params.get("propuesta");
  const asked = params.get("tab");
  let tab: Tab = (EXCHANGE_TABS as readonly string[]).includes(asked ?? "") ? (asked as Tab) : "directo";
  // A notification opens /intercambiar?propuesta={id}: the receiver's tab when it is one I received.
  if (!asked && proposalId) tab = received.data?.some((p) => p._id === proposalId) ? "recibidas" : "enviadas";
  const select = (value: string) => {
    const next = new URLSearchParams(params);
    next.set("tab", value);
    next.delete("propuesta");
    setParams(next, { replace: true });
  };
  return (
    <Tabs value={tab} onValueChange={select}>
      <TabsList aria-label="Tipo de intercambio">
        {EXCHANGE_TABS.map((t) => (
          <TabsTrigger key={t} value={t}>
            {TAB_LABELS[t]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="directo" className="mt-4">
        <DirectProposalForm requestedId={params.get("solicitar") ?? ""} />
      </TabsContent>
      <TabsContent value="oferta-abierta" className="mt-4">
        <OpenOffersTab />
      </TabsContent>
      <TabsContent value="recibidas" className="mt-4">
        <ProposalList side="received" highlight={proposalId} />
      </TabsContent>
      <TabsContent value="enviadas" className="mt-4">
        <ProposalList side="sent" highlight={proposalId} />
      </TabsContent>
    </Tabs>
  );
}

function DirectProposalForm({ requestedId }: { requestedId: string }) {
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

function ProposalList({ side, highlight }: { side: "received" | "sent"; highlight: string | null }) {
  const q = useProposals(side);
  if (q.isLoading) return <Skeleton className="h-32 w-full" />;
  if (q.isError) {
    return (
      <ErrorState
        title={
          side === "received"
            ? "No pudimos cargar las propuestas recibidas"
            : "No pudimos cargar las propuestas enviadas"
        }
        message={errorMessage(q.error, "Intenta de nuevo en unos momentos.")}
        onRetry={() => void q.refetch()}
        retrying={q.isFetching}
      />
    );
  }
  const items = q.data ?? [];
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {side === "received" ? "Aún no has recibido propuestas." : "Aún no has enviado propuestas."}
      </p>
    );
  }
  return (
    <ul
      className="flex flex-col gap-3"
      aria-label={side === "received" ? "Propuestas recibidas" : "Propuestas enviadas"}
    >
      {items.map((p) => (
        <li key={p._id}>
          <ProposalCard p={p} side={side} highlighted={p._id === highlight} />
        </li>
      ))}
    </ul>
  );
}

function ProposalCard({
  p,
  side,
  highlighted,
}: {
  p: ExchangeProposal;
  side: "received" | "sent";
  highlighted: boolean;
}) {
  const setStatus = useSetProposalStatus();
  const meta = STATUS_META[p.status] ?? { label: p.status, tone: "neutral" as BadgeTone };
  const other = side === "received" ? p.proposingUserId : p.targetUserId;
  const act = async (status: "aceptada" | "rechazada" | "cancelada") => {
    try {
      await setStatus.mutateAsync({ id: p._id, status, idempotencyKey: newIdempotencyKey() });
      toast({
        title: EXCHANGE_MSG.statusUpdated,
        variant: "success",
        description: `Propuesta ${STATUS_META[status]?.label.toLowerCase()}.`,
      });
    } catch (err) {
      toast({
        title: EXCHANGE_MSG.statusFailed,
        description: errorMessage(err, EXCHANGE_MSG.statusFailed),
        variant: "error",
      });
    }
  };
  return (
    <Card className={`flex flex-col gap-3 p-4 ${highlighted ? "ring-2 ring-emerald-500" : ""}`} data-testid="proposal">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {side === "received" ? "De" : "Para"} <strong className="text-slate-900">{other.name || "Usuario"}</strong> ·{" "}
          <span title={formatDate(p.createdAt)}>{age(p.createdAt)}</span>
          {p.tipo === "local" ? " · local" : ""}
        </p>
        <Badge tone={meta.tone}>{meta.label}</Badge>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-slate-900">
        <Link className="font-semibold hover:underline" to={assetPath(p.offeredAssetId._id)}>
          {p.offeredAssetId.title}
        </Link>
        <ArrowLeftRight aria-label="por" className="size-4 text-emerald-700" />
        <Link className="font-semibold hover:underline" to={assetPath(p.requestedAssetId._id)}>
          {p.requestedAssetId.title}
        </Link>
        {p.creditosAdicionales > 0 ? <Badge tone="info">+ {fmt(p.creditosAdicionales)} créditos</Badge> : null}
      </div>
      {p.message ? <p className="text-sm text-slate-700">“{p.message}”</p> : null}
      {p.status === "pendiente" ? (
        <div className="flex flex-wrap items-center gap-2">
          {side === "received" ? (
            <>
              <Button size="sm" disabled={setStatus.isPending} onClick={() => act("aceptada")}>
                <Check aria-hidden="true" />
                Aceptar
              </Button>
              <Button size="sm" variant="outline" disabled={setStatus.isPending} onClick={() => act("rechazada")}>
                <X aria-hidden="true" />
                Rechazar
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" disabled={setStatus.isPending} onClick={() => act("cancelada")}>
              <X aria-hidden="true" />
              Cancelar
            </Button>
          )}
          {p.expiresAt ? (
            <span className="flex items-center gap-1 text-xs text-slate-500">
              <Clock aria-hidden="true" className="size-3.5" />
              Vence {formatDate(p.expiresAt)}
            </span>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function OpenOffersTab() {
  return (
    <div className="flex flex-col gap-6">
      <CreateOfferForm />
      <OffersList />
    </div>
  );
}

function CreateOfferForm() {
  const id = useId();
  const mine = useMyExchangeableAssets();
  const create = useCreateOffer();
  const candidates = useMemo(() => (mine.data ?? []).filter((a) => a.mainPurpose === "intercambiar"), [mine.data]);
  const [assetId, setAssetId] = useState("");
  const [tipo, setTipo] = useState<"P2P" | "ChanChan">("P2P");
  const [categoria, setCategoria] = useState("");
  const [subcategoria, setSubcategoria] = useState("");
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const [modalidad, setModalidad] = useState<"creditos" | "dinero" | "mixto">("creditos");
  const [radio, setRadio] = useState("10");
  const [preferencia, setPreferencia] = useState("cualquiera");
  const [contra, setContra] = useState(true);
  const [error, setError] = useState("");
  const asset = candidates.find((a) => a.id === assetId);
  // Default range: 80-120 % of the asset's base value (overview §9).
  useEffect(() => {
    const base = asset?.baseValueCOP ?? null;
    if (base === null) return;
    setMin(String(Math.round(base * 0.8)));
    setMax(String(Math.round(base * 1.2)));
  }, [asset?.baseValueCOP]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!asset || !categoria.trim()) {
      setError(EXCHANGE_MSG.offerFieldsRequired);
      return;
    }
    setError("");
    try {
      await create.mutateAsync({
        activoId: asset.id,
        tipoIntercambio: tipo,
        categoriaDeseada: categoria.trim(),
        subcategoriaDeseada: subcategoria.trim(),
        ...(min !== "" && max !== "" ? { rangoValorDeseadoCOP: { min: Number(min), max: Number(max) } } : {}),
        modalidadEconomica: modalidad,
        radioKm: Number(radio || 0),
        preferenciaContraparte: preferencia,
        permiteContraofertas: contra,
      });
      toast({
        title: EXCHANGE_MSG.offerCreated,
        variant: "success",
        description: `"${asset.title}" está abierta a propuestas.`,
      });
      setAssetId("");
      setCategoria("");
      setSubcategoria("");
    } catch (err) {
      toast({
        title: EXCHANGE_MSG.offerFailed,
        description: errorMessage(err, EXCHANGE_MSG.offerFailed),
        variant: "error",
      });
    }
  };

  return (
    <Card className="p-5">
      <h2 className="text-lg font-bold text-slate-900">Publicar una oferta abierta</h2>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <Field id={`${id}-asset`} label="Activo que ofreces">
          {(p) => (
            <NativeSelect {...p} value={assetId} onChange={(e) => setAssetId(e.target.value)}>
              <option value="">Selecciona un activo para intercambiar</option>
              {candidates.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id={`${id}-tipo`} label="Tipo de intercambio">
          {(p) => (
            <NativeSelect {...p} value={tipo} onChange={(e) => setTipo(e.target.value as "P2P" | "ChanChan")}>
              <option value="P2P">P2P</option>
              <option value="ChanChan">ChanChan</option>
            </NativeSelect>
          )}
        </Field>
        <Field id={`${id}-cat`} label="Categoría deseada">
          {(p) => <Input {...p} value={categoria} maxLength={80} onChange={(e) => setCategoria(e.target.value)} />}
        </Field>
        <Field id={`${id}-sub`} label="Subcategoría deseada" optional>
          {(p) => (
            <Input {...p} value={subcategoria} maxLength={120} onChange={(e) => setSubcategoria(e.target.value)} />
          )}
        </Field>
        <Field id={`${id}-min`} label="Valor mínimo (COP)">
          {(p) => <Input {...p} type="number" min={0} value={min} onChange={(e) => setMin(e.target.value)} />}
        </Field>
        <Field id={`${id}-max`} label="Valor máximo (COP)">
          {(p) => <Input {...p} type="number" min={0} value={max} onChange={(e) => setMax(e.target.value)} />}
        </Field>
        <Field id={`${id}-mod`} label="Modalidad económica">
          {(p) => (
            <NativeSelect
              {...p}
              value={modalidad}
              onChange={(e) => setModalidad(e.target.value as "creditos" | "dinero" | "mixto")}
            >
              <option value="creditos">Créditos</option>
              <option value="dinero">Dinero</option>
              <option value="mixto">Mixto</option>
            </NativeSelect>
          )}
        </Field>
        <Field id={`${id}-radio`} label="Radio (km)">
          {(p) => <Input {...p} type="number" min={0} value={radio} onChange={(e) => setRadio(e.target.value)} />}
        </Field>
        <Field id={`${id}-pref`} label="Preferencia de contraparte">
          {(p) => (
            <NativeSelect {...p} value={preferencia} onChange={(e) => setPreferencia(e.target.value)}>
              <option value="cualquiera">Cualquiera</option>
              <option value="personas">Personas</option>
              <option value="organizaciones">Organizaciones</option>
            </NativeSelect>
          )}
        </Field>
        <label className="flex items-center gap-2 self-end text-sm text-slate-700">
          <input type="checkbox" checked={contra} onChange={(e) => setContra(e.target.checked)} className="size-4" />
          Permitir contraofertas
        </label>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            Publicar oferta
          </Button>
          {error ? (
            <p role="alert" className="mt-2 text-sm text-red-600">
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

function OffersList() {
  const { user } = useSession();
  const offers = useOpenOffers("todas");
  const mineQ = useOpenOffers("mias");
  const propose = useProposeExchange();
  useEffect(() => {
    if (offers.isError)
      toast({
        title: EXCHANGE_MSG.offersLoadFailed,
        description: errorMessage(offers.error, EXCHANGE_MSG.offersLoadFailed),
        variant: "error",
      });
  }, [offers.isError, offers.error]);
  const proposeFor = async (o: OpenOffer, assetId: string) => {
    try {
      await propose.mutateAsync({
        offeredAssetId: assetId,
        requestedAssetId: o.activoId,
        targetUserId: o.userId._id,
        message: "",
        idempotencyKey: newIdempotencyKey(),
      });
      toast({ title: EXCHANGE_MSG.proposalSent, variant: "success" });
    } catch (err) {
      toast({
        title: EXCHANGE_MSG.sendFailed,
        description: errorMessage(err, EXCHANGE_MSG.sendFailed),
        variant: "error",
      });
    }
  };
  const row = (o: OpenOffer, own: boolean) => (
    <li key={o._id}>
      <Card className="flex flex-col gap-2 p-4" data-testid="open-offer">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link to={assetPath(o.activoId)} className="font-semibold text-slate-900 hover:underline">
            {o.activoOfrecidoId.title}
          </Link>
          <Badge tone="brand">abierta</Badge>
        </div>
        <p className="text-sm text-slate-600">
          {own ? "Tu oferta" : o.userId.name} · busca {o.categoriaDeseada}
          {o.subcategoriaDeseada ? ` / ${o.subcategoriaDeseada}` : ""} · {fmt(o.rangoValorDeseadoCOP.min)}–
          {fmt(o.rangoValorDeseadoCOP.max)} COP · {o.tipoIntercambio}
        </p>
        {own ? null : o.activosCompatibles.length === 0 ? (
          <p className="text-sm text-slate-500">Ninguno de tus activos encaja con esta oferta.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={`Tus activos compatibles con ${o.activoOfrecidoId.title}`}>
            {o.activosCompatibles.map((a) => (
              <li key={a._id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 p-2">
                <span className="text-sm text-slate-800">{a.title}</span>
                <Button size="sm" disabled={propose.isPending} onClick={() => proposeFor(o, a._id)}>
                  Proponer
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </li>
  );
  return (
    <section aria-labelledby="offers-title" className="flex flex-col gap-3">
      <h2 id="offers-title" className="text-lg font-bold text-slate-900">
        Ofertas abiertas
      </h2>
      {offers.isLoading ? <Skeleton className="h-24 w-full" /> : null}
      <ul className="flex flex-col gap-3">{(offers.data ?? []).map((o) => row(o, o.userId._id === user?._id))}</ul>
      {offers.data && offers.data.length === 0 ? (
        // With offers of one's own below, the empty line speaks of other people's (issue 15 item 13).
        <p className="text-slate-600">
          {(mineQ.data ?? []).length > 0
            ? "No hay ofertas abiertas de otras personas por ahora."
            : "No hay ofertas abiertas por ahora."}
        </p>
      ) : null}
      {(mineQ.data ?? []).length > 0 ? (
        <>
          <h3 className="mt-2 font-bold text-slate-900">Mis ofertas</h3>
          <ul className="flex flex-col gap-3">{(mineQ.data ?? []).map((o) => row(o, true))}</ul>
        </>
      ) : null}
    </section>
  );
}
