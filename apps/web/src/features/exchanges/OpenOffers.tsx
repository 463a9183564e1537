import { EXCHANGE_MSG, type OpenOffer } from "@valoriza/domain";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { PersonLink } from "../../components/person-link.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { assetPath } from "../../lib/assets.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useCreateOffer, useMyExchangeableAssets, useOpenOffers, useProposeExchange } from "./api.ts";
import { fmt } from "./format.ts";

/** 'Oferta abierta': publish one of my assets with what I would take for it, and the open offers to answer. */
export function OpenOffersTab() {
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
          {own ? "Tu oferta" : <PersonLink id={o.userId._id} name={o.userId.name} />} · busca {o.categoriaDeseada}
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
