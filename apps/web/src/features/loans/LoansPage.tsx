import {
  formatCredits,
  GUARANTEE_TYPE_LABELS,
  GUARANTEE_TYPES,
  LOAN_DEFAULTS,
  LOAN_MSG,
  loanInterestCredits,
} from "@valoriza/domain";
import { HandCoins } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { DealScreenHeader } from "../../components/deal-screen-header.tsx";
import { ListSkeleton, ListStates } from "../../components/list-states.tsx";
import { type Person, PersonByEmailPicker } from "../../components/person-picker.tsx";
import { RequireSession } from "../../components/require-session.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { isAuthError } from "../../lib/api.ts";
import { type Asset, assetPath } from "../../lib/assets.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import {
  fetchLenderAssets,
  type LoanAction,
  type LoanView,
  useCreateLoan,
  useLoanAction,
  useLoans,
  useMyLendingAssets,
  useMyListedAssets,
  useReputation,
} from "./api.ts";

/** overview §4 Loan estado: badge colours yellow, blue, green, red, grey. */
const STATE_META: Record<string, { label: string; tone: BadgeTone }> = {
  pendiente: { label: "Pendiente", tone: "warning" },
  activo: { label: "Activo", tone: "info" },
  devuelto: { label: "Devuelto", tone: "brand" },
  vencido: { label: "Vencido", tone: "danger" },
  cancelado: { label: "Cancelado", tone: "neutral" },
};

const fmt = (n: number) => n.toLocaleString("es-CO");

/** /prestar (overview §2 Loans). */
export function LoansPage() {
  useDocumentTitle("Préstamos");
  const { isAuthenticated } = useSession();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <DealScreenHeader
        title="Préstamos"
        icon={<HandCoins aria-hidden="true" className="size-7 text-emerald-700" />}
        description="Pide prestado un activo de otra persona con una garantía, o presta los tuyos y gana reputación."
      />
      {isAuthenticated ? (
        <LoansScreen />
      ) : (
        <RequireSession message={LOAN_MSG.loginRequired}>
          <LoansScreen />
        </RequireSession>
      )}
    </div>
  );
}

function LoansScreen() {
  const { user } = useSession();
  const reputation = useReputation(user?._id);
  const mine = useLoans("my-loans");
  const lending = useLoans("as-lender");
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <MyLendingAssets />
        <Button onClick={() => setOpen(true)}>
          <HandCoins aria-hidden="true" className="size-4" />
          Solicitar Préstamo
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        Tu reputación:{" "}
        <strong className="text-slate-900" data-testid="my-reputation">
          {reputation.data ?? "…"}
        </strong>
      </p>
      <RequestLoanDialog open={open} onOpenChange={setOpen} />
      <Tabs defaultValue="mis-prestamos" className="flex flex-col gap-4">
        <TabsList aria-label="Préstamos">
          <TabsTrigger value="mis-prestamos">Mis Préstamos ({mine.data?.length ?? 0})</TabsTrigger>
          <TabsTrigger value="como-prestamista">Como Prestamista ({lending.data?.length ?? 0})</TabsTrigger>
        </TabsList>
        <TabsContent value="mis-prestamos">
          <LoanList query={mine} as="prestatario" empty="Aún no has solicitado préstamos." />
        </TabsContent>
        <TabsContent value="como-prestamista">
          <LoanList query={lending} as="prestamista" empty="Nadie te ha solicitado un préstamo todavía." />
        </TabsContent>
      </Tabs>
    </>
  );
}

function MyLendingAssets() {
  const assets = useMyLendingAssets();
  const list = assets.data ?? [];
  return (
    <section aria-labelledby="mis-activos-prestar" className="min-w-0 flex-1">
      <h2 id="mis-activos-prestar" className="text-sm font-semibold text-slate-700">
        Tus activos publicados para prestar
      </h2>
      {assets.isPending && assets.fetchStatus !== "idle" ? (
        <Skeleton className="mt-2 h-8 w-64 rounded-xl" />
      ) : list.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          No tienes activos publicados para prestar.{" "}
          <Link to="/registrar-activo" className="font-medium text-emerald-700 hover:underline">
            Registra uno
          </Link>
        </p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {list.map((a) => (
            <li key={a.id}>
              <Link
                to={assetPath(a.id)}
                className="inline-flex rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-600/20 hover:bg-emerald-100"
              >
                {a.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LoanList({
  query,
  as: role,
  empty,
}: {
  query: ReturnType<typeof useLoans>;
  as: "prestatario" | "prestamista";
  empty: string;
}) {
  const list = query.data ?? [];
  return (
    <ListStates
      query={query}
      isEmpty={list.length === 0}
      loading={
        <ListSkeleton label="Cargando préstamos" count={2} className="grid gap-3" itemClassName="h-32 rounded-2xl" />
      }
      errorTitle="No pudimos cargar los préstamos"
      empty={empty}
    >
      <ul className="grid gap-3 md:grid-cols-2">
        {list.map((l) => (
          <li key={l.id}>
            <LoanCard loan={l} role={role} />
          </li>
        ))}
      </ul>
    </ListStates>
  );
}

const ACTION_TEXT: Record<LoanAction, { label: string; done: string }> = {
  approve: { label: "Aprobar", done: "Préstamo aprobado" },
  "confirm-return": { label: "Confirmar devolución", done: "Devolución confirmada" },
  default: { label: "Marcar como vencido", done: "Préstamo marcado como vencido" },
  cancel: { label: "Cancelar solicitud", done: "Solicitud cancelada" },
  reject: { label: "Rechazar", done: "Solicitud rechazada" },
};

function LoanCard({ loan, role }: { loan: LoanView; role: "prestatario" | "prestamista" }) {
  const action = useLoanAction();
  const keys = useRef<Partial<Record<LoanAction, string>>>({});
  const meta = STATE_META[loan.estado] ?? { label: loan.estado, tone: "neutral" as BadgeTone };
  const counterparty = role === "prestatario" ? loan.lender : loan.borrower;
  const run = async (a: LoanAction) => {
    keys.current[a] ??= newIdempotencyKey();
    try {
      await action.mutateAsync({ id: loan.id, action: a, idempotencyKey: keys.current[a] ?? "" });
      delete keys.current[a];
      toast({ title: ACTION_TEXT[a].done, description: `"${loan.assetTitle}"`, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      delete keys.current[a];
      toast({ title: "Error", description: errorMessage(e, "No se pudo actualizar el préstamo."), variant: "error" });
    }
  };
  const actions: LoanAction[] =
    role === "prestamista"
      ? loan.estado === "pendiente"
        ? ["approve", "reject"]
        : loan.estado === "activo"
          ? ["confirm-return", ...(loan.puedeMarcarVencido ? (["default"] as const) : [])]
          : []
      : loan.estado === "pendiente"
        ? ["cancel"]
        : [];
  const garantia = GUARANTEE_TYPE_LABELS[loan.garantiaTipo as keyof typeof GUARANTEE_TYPE_LABELS] ?? loan.garantiaTipo;
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="loan-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">
            <Link to={assetPath(loan.assetId)} className="hover:underline">
              {loan.assetTitle}
            </Link>
          </h3>
          {loan.assetCategory ? <p className="text-sm text-slate-600">{loan.assetCategory}</p> : null}
        </div>
        <Badge tone={meta.tone} data-testid="loan-state">
          {meta.label}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{role === "prestatario" ? "Prestamista" : "Prestatario"}</dt>
        <dd className="font-medium break-words text-slate-800">{counterparty.name || "Usuario de Valoriza"}</dd>
        <dt className="text-slate-500">Plazo</dt>
        <dd className="font-medium text-slate-800">
          {loan.plazoDias} {loan.plazoDias === 1 ? "día" : "días"}
        </dd>
        <dt className="text-slate-500">Garantía</dt>
        <dd className="font-medium text-slate-800">
          {garantia}
          {loan.garantiaValor > 0 ? ` · ${fmt(loan.garantiaValor)} créditos` : ""}
        </dd>
        {loan.collateral ? (
          <>
            <dt className="text-slate-500">Activo en garantía</dt>
            <dd className="font-medium break-words text-slate-800" data-testid="loan-collateral">
              {loan.collateral.title}
            </dd>
          </>
        ) : null}
        {loan.interes > 0 ? (
          <>
            <dt className="text-slate-500">Interés</dt>
            <dd className="font-medium text-slate-800">
              {loan.interes}%{loan.interesCreditos > 0 ? ` · ${fmt(loan.interesCreditos)} créditos` : ""}
            </dd>
          </>
        ) : null}
        <dt className="text-slate-500">Devolución esperada</dt>
        <dd className="font-medium text-slate-800">
          {loan.fechaDevolucionEsperada ? formatDate(loan.fechaDevolucionEsperada) : "Al aprobarse"}
        </dd>
      </dl>
      {loan.notas ? <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700">{loan.notas}</p> : null}
      {actions.length > 0 ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {actions.map((a) => (
            <Button
              key={a}
              size="sm"
              variant={a === "default" || a === "reject" || a === "cancel" ? "outline" : "primary"}
              loading={action.isPending && action.variables?.action === a}
              onClick={() => void run(a)}
            >
              {ACTION_TEXT[a].label}
            </Button>
          ))}
        </div>
      ) : null}
    </Card>
  );
}

function RequestLoanDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const create = useCreateLoan();
  const [email, setEmail] = useState("");
  const [lender, setLender] = useState<Person | null>(null);
  const [assets, setAssets] = useState<Asset[] | null>(null);
  const [activoId, setActivoId] = useState("");
  const [garantiaTipo, setGarantiaTipo] = useState<string>(LOAN_DEFAULTS.garantiaTipo);
  const [garantiaValor, setGarantiaValor] = useState("");
  const [garantiaActivoId, setGarantiaActivoId] = useState("");
  const isCollateral = garantiaTipo === "activo_colateral";
  const myAssets = useMyListedAssets(open && isCollateral);
  const collateralOptions = myAssets.data ?? [];
  const collateral = collateralOptions.find((a) => a.id === garantiaActivoId) ?? null;
  const [plazoDias, setPlazoDias] = useState(String(LOAN_DEFAULTS.plazoDias));
  const [interes, setInteres] = useState(String(LOAN_DEFAULTS.interes));
  const [notas, setNotas] = useState("");
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  // The interest in credits before sending (issue 15 item 12): a percent of the asset's credits,
  // charged to the borrower when the lender approves.
  const chosen = (assets ?? []).find((a) => a.id === activoId) ?? null;
  const interestPct = Number(interes);
  const interestCredits =
    chosen?.credits != null && Number.isFinite(interestPct) && interestPct >= 0 && interestPct <= 100
      ? loanInterestCredits(chosen.credits, interestPct)
      : null;

  const reset = () => {
    setEmail("");
    setLender(null);
    setAssets(null);
    setActivoId("");
    setGarantiaTipo(LOAN_DEFAULTS.garantiaTipo);
    setGarantiaValor("");
    setGarantiaActivoId("");
    setPlazoDias(String(LOAN_DEFAULTS.plazoDias));
    setInteres(String(LOAN_DEFAULTS.interes));
    setNotas("");
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!activoId || !lender) {
      setError(LOAN_MSG.required);
      return;
    }
    const valor = Number(garantiaValor);
    if (garantiaTipo === "creditos_bloqueados" && (!garantiaValor.trim() || !(valor > 0))) {
      setError(LOAN_MSG.guaranteeRequired);
      return;
    }
    if (isCollateral && !collateral) {
      setError(LOAN_MSG.collateralRequired);
      return;
    }
    const body = {
      activoId,
      prestamistaId: lender.id,
      garantiaTipo,
      // An asset guarantee is worth the asset's credits (the server sets it).
      garantiaValor: collateral
        ? (collateral.credits ?? 0)
        : garantiaTipo === "ninguna"
          ? 0
          : Number.isFinite(valor)
            ? Math.round(valor)
            : 0,
      plazoDias: Number(plazoDias) || LOAN_DEFAULTS.plazoDias,
      interes: Number(interes) || 0,
      notas: notas.trim(),
      ...(collateral ? { garantiaActivoId: collateral.id } : {}),
    };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
    try {
      const result = await create.mutateAsync({ ...body, idempotencyKey: attempt.current.key });
      attempt.current = null;
      toast({ title: LOAN_MSG.created, description: result.message || LOAN_MSG.created, variant: "success" });
      reset();
      onOpenChange(false);
    } catch (e) {
      if (isAuthError(e)) return;
      attempt.current = null;
      toast({ title: "Error", description: errorMessage(e, LOAN_MSG.createFailed), variant: "error" });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(v) => {
        if (!v) reset();
        onOpenChange(v);
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogTitle>Solicitar Préstamo</DialogTitle>
        <DialogDescription>
          Busca al prestamista por su correo y elige uno de sus activos para prestar.
        </DialogDescription>
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 grid gap-4">
          <PersonByEmailPicker
            id="loan-lender-email"
            label="Email del prestamista"
            email={email}
            onEmailChange={setEmail}
            person={lender}
            onPersonChange={(found) => {
              setLender(found);
              if (!found) {
                setAssets(null);
                setActivoId("");
              }
            }}
            messages={{
              empty: LOAN_MSG.required,
              self: "No puedes pedirte un préstamo a ti mismo",
              notFound: "Prestamista no encontrado",
              failed: LOAN_MSG.lenderLookupFailed,
            }}
            onProblem={setError}
            onLookupError={(message) => {
              toast({ title: "Error", description: message || LOAN_MSG.lenderLookupFailed, variant: "error" });
              return /no encontr/i.test(message) ? LOAN_MSG.lenderNotFound : message;
            }}
            beforeSelect={async (found) => setAssets(await fetchLenderAssets(found.id))}
            testId="loan-lender"
          />
          <Field
            id="loan-asset"
            label="Activo"
            hint={
              assets && assets.length === 0 ? "Este prestamista no tiene activos disponibles para prestar." : undefined
            }
          >
            {(c) => (
              <NativeSelect {...c} value={activoId} disabled={!assets} onChange={(e) => setActivoId(e.target.value)}>
                <option value="">{assets ? "Selecciona un activo" : "Primero busca al prestamista"}</option>
                {(assets ?? []).map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.title}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="loan-term" label="Plazo (días)">
              {(c) => (
                <Input
                  {...c}
                  type="number"
                  min={1}
                  step={1}
                  value={plazoDias}
                  onChange={(e) => setPlazoDias(e.target.value)}
                />
              )}
            </Field>
            <Field id="loan-interest" label="Interés (%)">
              {(c) => (
                <Input
                  {...c}
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  value={interes}
                  onChange={(e) => setInteres(e.target.value)}
                />
              )}
            </Field>
            <Field id="loan-guarantee-type" label="Tipo de garantía">
              {(c) => (
                <NativeSelect {...c} value={garantiaTipo} onChange={(e) => setGarantiaTipo(e.target.value)}>
                  {GUARANTEE_TYPES.map((g) => (
                    <option key={g} value={g}>
                      {GUARANTEE_TYPE_LABELS[g]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field
              id="loan-guarantee-value"
              label="Valor de la garantía (créditos)"
              optional={garantiaTipo !== "creditos_bloqueados"}
              hint={isCollateral ? "Son los créditos del activo que dejas en garantía." : undefined}
            >
              {(c) => (
                <Input
                  {...c}
                  type="number"
                  min={0}
                  step={1}
                  disabled={garantiaTipo === "ninguna" || isCollateral}
                  value={
                    garantiaTipo === "ninguna"
                      ? ""
                      : isCollateral
                        ? collateral?.credits != null
                          ? String(collateral.credits)
                          : ""
                        : garantiaValor
                  }
                  onChange={(e) => setGarantiaValor(e.target.value)}
                />
              )}
            </Field>
          </div>
          {isCollateral ? (
            <Field
              id="loan-collateral"
              label="Activo en garantía"
              hint={
                myAssets.isError
                  ? errorMessage(myAssets.error, "No pudimos cargar tus activos.")
                  : myAssets.isSuccess && collateralOptions.length === 0
                    ? "No tienes activos publicados y libres para dejar en garantía."
                    : "Uno de tus activos publicados: queda reservado mientras dure el préstamo y, si vence, pasa al prestamista."
              }
            >
              {(c) => (
                <NativeSelect
                  {...c}
                  value={garantiaActivoId}
                  disabled={!myAssets.isSuccess || collateralOptions.length === 0}
                  onChange={(e) => setGarantiaActivoId(e.target.value)}
                >
                  <option value="">
                    {myAssets.isSuccess ? "Selecciona uno de tus activos" : "Cargando tus activos…"}
                  </option>
                  {collateralOptions.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.title}
                      {a.credits != null ? ` (${formatCredits(a.credits)} créditos)` : ""}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          ) : null}
          {chosen ? (
            <p
              className="rounded-xl bg-slate-50 px-3.5 py-2.5 text-sm text-slate-700"
              data-testid="loan-interest-credits"
            >
              {interestCredits === null
                ? "El interés es un porcentaje entre 0 y 100 de los créditos del activo."
                : interestCredits > 0
                  ? `Interés: ${formatCredits(interestCredits)} ${interestCredits === 1 ? "crédito" : "créditos"} (${interestPct} % de los ${formatCredits(chosen.credits ?? 0)} créditos del activo), se descuentan de tus créditos disponibles cuando el prestamista aprueba.`
                  : "Sin interés: no se descuentan créditos por interés."}
            </p>
          ) : null}
          <Field id="loan-notes" label="Notas" optional>
            {(c) => (
              <Textarea {...c} rows={3} maxLength={1000} value={notas} onChange={(e) => setNotas(e.target.value)} />
            )}
          </Field>
          {error ? <Alert>{error}</Alert> : null}
          <Button type="submit" loading={create.isPending} loadingText="Enviando…">
            Solicitar Préstamo
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
