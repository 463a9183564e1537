import {
  ASSET_MSG,
  canDeactivate,
  creditsLabel,
  isActionAllowed,
  MAIN_PURPOSE_LABELS,
  MAIN_PURPOSES,
} from "@valoriza/domain";
import { CircleCheckBig, Flame, Link2, Megaphone, PackageOpen, Plus, Sparkles } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { ListSkeleton, ListStates } from "../../components/list-states.tsx";
import { AssetCard } from "../../components/ui/asset-card.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { isAuthError } from "../../lib/api.ts";
import { type Asset, assetPath } from "../../lib/assets.ts";
import { absoluteUrl } from "../../lib/clipboard.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useFinishOperation, useMigrateValuation, useMyAssets, usePublishAsset } from "./api.ts";
import { DeactivateDialog } from "./DeactivateDialog.tsx";
import { HiddenMark } from "./HiddenNotice.tsx";
import { useCopyLink } from "./ShareButtons.tsx";

/** The 'activos' tab of /mis-activos: own assets with deactivate, finish operation and share. */
export function MyAssetsTab() {
  const assets = useMyAssets();
  const migrate = useMigrateValuation();
  const [toDeactivate, setToDeactivate] = useState<Asset | null>(null);

  const runMigration = async () => {
    try {
      const result = await migrate.mutateAsync();
      toast(migrationToast(result));
    } catch (error) {
      if (isAuthError(error)) return;
      toast({
        title: ASSET_MSG.migrateValuationError,
        description: errorMessage(error, ""),
        variant: "error",
      });
    }
  };

  const list = assets.assets;
  const total = assets.total ?? list.length;

  return (
    <section aria-labelledby="mis-activos-lista" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="mis-activos-lista" className="text-lg font-semibold text-slate-900">
          {assets.data ? `Tus activos (${total})` : "Tus activos"}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            loading={migrate.isPending}
            loadingText="Actualizando…"
            onClick={() => void runMigration()}
          >
            <Sparkles aria-hidden="true" className="size-4" />
            Actualizar Valores
          </Button>
          <Link to="/registrar-activo" className={buttonClasses({ size: "sm" })}>
            <Plus aria-hidden="true" className="size-4" />
            Registrar activo
          </Link>
        </div>
      </div>

      <ListStates
        query={assets}
        isEmpty={list.length === 0}
        loading={
          <ListSkeleton
            label="Cargando tus activos"
            count={3}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            itemClassName="h-80 rounded-2xl"
          />
        }
        errorTitle={ASSET_MSG.loadOwnAssetsError}
        empty={
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
              <PackageOpen aria-hidden="true" className="size-7" />
            </span>
            <p className="mt-4 font-semibold text-slate-900">Aún no tienes activos registrados.</p>
            <p className="mt-1 text-sm text-slate-500">Registra un bien, tu tiempo o un aporte y recibe créditos.</p>
            <Link to="/registrar-activo" className={buttonClasses({ className: "mt-5" })}>
              Valoriza tu Activo
            </Link>
          </div>
        }
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((asset) => (
            <li key={asset.id} className="min-w-0">
              <AssetCard asset={asset} actions={<OwnerActions asset={asset} onDeactivate={setToDeactivate} />} />
            </li>
          ))}
        </ul>
        <div className="flex flex-col items-center gap-2">
          <p className="text-sm text-slate-500" aria-live="polite">
            Mostrando {list.length} de {total}
          </p>
          {assets.hasNextPage ? (
            <Button
              variant="outline"
              loading={assets.isFetchingNextPage}
              loadingText="Cargando…"
              onClick={() => void assets.fetchNextPage()}
            >
              Cargar más
            </Button>
          ) : null}
          {assets.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-red-700">
              {ASSET_MSG.loadOwnAssetsError}. Intenta de nuevo.
            </p>
          ) : null}
        </div>
      </ListStates>

      <DeactivateDialog asset={toDeactivate} onClose={() => setToDeactivate(null)} />
    </section>
  );
}

function OwnerActions({ asset, onDeactivate }: { asset: Asset; onDeactivate: (asset: Asset) => void }) {
  const finish = useFinishOperation();
  const finishKey = useRef<string | null>(null);
  const { copied, copy } = useCopyLink();

  const finishOperation = async () => {
    finishKey.current ??= newIdempotencyKey();
    try {
      const result = await finish.mutateAsync({ id: asset.id, idempotencyKey: finishKey.current });
      finishKey.current = null;
      toast({
        title: "Operación finalizada",
        // The credits may wait in review (ADR 015): never "Se liberaron 0 créditos".
        description:
          result.creditosLiberados > 0
            ? `Se liberaron ${creditsLabel(result.creditosLiberados)} de "${asset.title}".`
            : `Los créditos de "${asset.title}" quedan en revisión: en tu billetera ves por qué y cuándo se liberan.`,
        variant: "success",
      });
    } catch (error) {
      if (isAuthError(error)) return;
      toast({
        title: ASSET_MSG.finishOperationError,
        description: errorMessage(error, ""),
        variant: "error",
      });
    }
  };

  return (
    <>
      {asset.oculto ? <HiddenMark oculto={asset.oculto} /> : null}
      {asset.privacy === "privado" && (asset.status === "activo" || asset.status === "disponible") ? (
        <PublishControl asset={asset} />
      ) : null}
      {canDeactivate(asset) ? (
        <Button
          variant="outline"
          size="sm"
          className="text-red-700 hover:border-red-300 hover:bg-red-50"
          onClick={() => onDeactivate(asset)}
          aria-label={`Desactivar ${asset.title}`}
        >
          <Flame aria-hidden="true" className="size-4" />
          Desactivar
        </Button>
      ) : null}
      {asset.status === "operacion" ? (
        <Button
          variant="secondary"
          size="sm"
          loading={finish.isPending}
          loadingText="Finalizando…"
          onClick={() => void finishOperation()}
        >
          <CircleCheckBig aria-hidden="true" className="size-4" />
          Finalizar operación
          {/* The visible words begin the accessible name (axe label-content-name-mismatch). */}
          <span className="sr-only"> de {asset.title}</span>
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={() => void copy(absoluteUrl(assetPath(asset.id)))}>
        <Link2 aria-hidden="true" className="size-4" />
        {copied ? "¡Copiado!" : "Compartir"}
        <span className="sr-only">{copied ? " el enlace" : ` el enlace de ${asset.title}`}</span>
      </Button>
    </>
  );
}

/**
 * 'Publicar' for an asset received in a sale, an exchange, a donation or a gift: it arrives unlisted
 * (nobody can buy or ask for it) until its new owner lists it again with a purpose (deals.md).
 */
function PublishControl({ asset }: { asset: Asset }) {
  const publish = usePublishAsset();
  const [open, setOpen] = useState(false);
  const purposes = MAIN_PURPOSES.filter((p) => isActionAllowed(asset.assetType, p));
  const [purpose, setPurpose] = useState<string>(
    purposes.includes(asset.mainPurpose as (typeof purposes)[number]) ? asset.mainPurpose : (purposes[0] ?? ""),
  );
  const selectId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (open) selectRef.current?.focus();
  }, [open]);

  const confirm = async () => {
    try {
      const result = await publish.mutateAsync({ id: asset.id, mainPurpose: purpose });
      setOpen(false);
      toast({
        title: "Activo publicado",
        description: result.message || `"${asset.title}" ya está publicado.`,
        variant: "success",
      });
    } catch (error) {
      if (isAuthError(error)) return;
      toast({ title: "No se pudo publicar el activo", description: errorMessage(error, ""), variant: "error" });
    }
  };

  if (!open) {
    return (
      <Button size="sm" onClick={() => setOpen(true)}>
        <Megaphone aria-hidden="true" className="size-4" />
        Publicar
        <span className="sr-only"> {asset.title}</span>
      </Button>
    );
  }
  return (
    <div className="flex w-full flex-col gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-3">
      <label htmlFor={selectId} className="text-xs font-medium text-slate-700">
        Publicar con el propósito
      </label>
      <select
        id={selectId}
        ref={selectRef}
        value={purpose}
        onChange={(e) => setPurpose(e.target.value)}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
      >
        {purposes.map((p) => (
          <option key={p} value={p}>
            {MAIN_PURPOSE_LABELS[p]}
          </option>
        ))}
      </select>
      <div className="flex gap-2">
        <Button size="sm" loading={publish.isPending} loadingText="Publicando…" onClick={() => void confirm()}>
          Confirmar publicación
        </Button>
        <Button size="sm" variant="ghost" disabled={publish.isPending} onClick={() => setOpen(false)}>
          Cancelar
        </Button>
      </div>
    </div>
  );
}

/**
 * Only goods lose value with the years, so the server recomputes goods only (`total` counts them).
 * A person whose assets are all time or money used to read '0 de 0'; now the answer says why.
 */
function migrationToast({ message, updated, total }: { message: string; updated: number; total: number }) {
  if (total === 0) {
    return {
      title: "No hay bienes que actualizar",
      description: "Solo los bienes se deprecian con los años; el tiempo y el dinero conservan su valor.",
      variant: "info" as const,
    };
  }
  const goods = total === 1 ? "tu bien" : `tus ${total} bienes`;
  return {
    title: message || "Valores actualizados",
    description:
      updated === 0
        ? `Revisamos ${goods}: su valor actual ya estaba al día.`
        : `Se actualizó el valor actual de ${updated} de ${goods}. Tus créditos no cambian.`,
    variant: "success" as const,
  };
}
