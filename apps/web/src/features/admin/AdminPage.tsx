import {
  ADMIN_ACTION_LABELS,
  ADMIN_MSG,
  type AdminProduct,
  type AdminWithdrawal,
  formatCOP,
  formatCredits,
  MARKETPLACE_MSG,
  PURCHASE_STATE_LABELS,
  type Purchase,
  stockBadge,
  WITHDRAWAL_METHOD_LABELS,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_STATE_LABELS,
} from "@valoriza/domain";
import { ClipboardList, IdCard, Package, ShieldCheck, ShoppingCart, Wallet } from "lucide-react";
import { type FormEvent, useState } from "react";
import { RequireAdmin } from "../../components/require-admin.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { isAuthError } from "../../lib/api.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import {
  useAdminLog,
  useAdminProducts,
  useAdminPurchases,
  useAdminWithdrawals,
  useResolvePurchase,
  useResolveWithdrawal,
  useSaveProduct,
} from "./api.ts";
import { DisputesTabContent, DisputesTabTrigger } from "./DisputesSection.tsx";
import { productImageFromFile } from "./image.ts";
import { ReviewsSection } from "./ReviewsPanel.tsx";
import { VerificationsSection } from "./VerificationsSection.tsx";

const PURCHASE_TONES: Record<string, BadgeTone> = { pendiente: "warning", entregado: "brand", cancelado: "neutral" };
const WITHDRAWAL_TONES: Record<string, BadgeTone> = { pendiente: "warning", aprobado: "brand", rechazado: "danger" };

const failed = (title: string) => (e: unknown) => {
  if (isAuthError(e)) return;
  toast({ title, description: errorMessage(e, "Intenta de nuevo"), variant: "error" });
};

/** /admin: the admin's desk (issue 11): products, purchases to fulfil, withdrawals to pay, the action log. */
export function AdminPage() {
  useDocumentTitle("Administración");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{ADMIN_MSG.title}</h1>
        <p className="mt-1 text-slate-600">Productos del Marketplace, compras por entregar y retiros por pagar.</p>
      </header>
      <RequireAdmin message="Inicia sesión con una cuenta de administración.">
        <Tabs defaultValue="productos">
          <TabsList aria-label="Secciones de administración" phoneColumns={3}>
            <TabsTrigger value="productos">
              <Package aria-hidden="true" className="size-4" />
              Productos
            </TabsTrigger>
            <TabsTrigger value="compras">
              <ShoppingCart aria-hidden="true" className="size-4" />
              Compras
            </TabsTrigger>
            <TabsTrigger value="retiros">
              <Wallet aria-hidden="true" className="size-4" />
              Retiros
            </TabsTrigger>
            <TabsTrigger value="revisiones">
              <ShieldCheck aria-hidden="true" className="size-4" />
              Revisiones
            </TabsTrigger>
            <TabsTrigger value="identidad">
              <IdCard aria-hidden="true" className="size-4" />
              Identidad
            </TabsTrigger>
            <DisputesTabTrigger />
            <TabsTrigger value="registro">
              <ClipboardList aria-hidden="true" className="size-4" />
              Registro
            </TabsTrigger>
          </TabsList>
          <TabsContent value="productos">
            <ProductsSection />
          </TabsContent>
          <TabsContent value="compras">
            <PurchasesSection />
          </TabsContent>
          <TabsContent value="retiros">
            <WithdrawalsSection />
          </TabsContent>
          <TabsContent value="revisiones">
            <ReviewsSection />
          </TabsContent>
          <TabsContent value="identidad">
            <VerificationsSection />
          </TabsContent>
          <DisputesTabContent />
          <TabsContent value="registro">
            <LogSection />
          </TabsContent>
        </Tabs>
      </RequireAdmin>
    </div>
  );
}

function FilterBar({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: string; label: string; count?: number | undefined }[];
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <Button
          key={o.value || "todos"}
          size="sm"
          variant={value === o.value ? "primary" : "outline"}
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
          {o.count !== undefined ? ` (${o.count})` : ""}
        </Button>
      ))}
    </fieldset>
  );
}

// ---------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------

interface ProductForm {
  nombre: string;
  categoria: string;
  descripcion: string;
  imagen: string;
  creditos: string;
  valorCOP: string;
  stock: string;
  destacado: boolean;
}
const EMPTY: ProductForm = {
  nombre: "",
  categoria: "",
  descripcion: "",
  imagen: "",
  creditos: "",
  valorCOP: "",
  stock: "-1",
  destacado: false,
};

function ProductsSection() {
  const products = useAdminProducts();
  const save = useSaveProduct();
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState<ProductForm>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<ProductForm>) => setForm((f) => ({ ...f, ...patch }));

  const edit = (p: AdminProduct) => {
    setEditing(p._id);
    setError(null);
    setForm({
      nombre: p.nombre,
      categoria: p.categoria,
      descripcion: p.descripcion,
      imagen: p.imagen,
      creditos: String(p.creditos),
      valorCOP: String(p.valorCOP),
      stock: String(p.stock),
      destacado: p.destacado,
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const creditos = Number(form.creditos);
    const stock = Number(form.stock);
    if (!form.nombre.trim()) return setError(MARKETPLACE_MSG.nombreRequired);
    if (!form.categoria.trim()) return setError(MARKETPLACE_MSG.categoriaRequired);
    if (!Number.isInteger(creditos) || creditos < 1) return setError(MARKETPLACE_MSG.creditosInvalid);
    if (!Number.isInteger(stock) || stock < -1) return setError(MARKETPLACE_MSG.stockInvalid);
    const valor = form.valorCOP.trim() ? Number(form.valorCOP) : undefined;
    if (valor !== undefined && (!Number.isInteger(valor) || valor < 0)) return setError(MARKETPLACE_MSG.valorInvalid);
    const data = {
      nombre: form.nombre.trim(),
      categoria: form.categoria.trim(),
      descripcion: form.descripcion.trim(),
      imagen: form.imagen,
      creditos,
      ...(valor !== undefined ? { valorCOP: valor } : {}),
      stock,
      destacado: form.destacado,
    };
    try {
      const msg = await save.mutateAsync(editing ? { id: editing, patch: data } : { id: null, data });
      toast({ title: msg || MARKETPLACE_MSG.created, variant: "success" });
      setEditing(null);
      setForm(EMPTY);
    } catch (e) {
      if (isAuthError(e)) return;
      setError(errorMessage(e, "No se pudo guardar el producto"));
    }
  };

  const quick = (p: AdminProduct, patch: { destacado?: boolean; oculto?: boolean; stock?: number }) =>
    save
      .mutateAsync({ id: p._id, patch })
      .then(
        (msg) => toast({ title: msg || MARKETPLACE_MSG.updated, variant: "success" }),
        failed("No se pudo actualizar el producto"),
      );

  const c = products.data?.counts ?? {};
  return (
    <div className="mt-4 grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card className="p-5">
        <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="producto-form-title" className="grid gap-3">
          <h2 id="producto-form-title" className="text-lg font-semibold text-slate-900">
            {editing ? "Editar producto" : "Nuevo producto"}
          </h2>
          <Field id="p-nombre" label="Nombre">
            {(a) => <Input {...a} value={form.nombre} onChange={(e) => set({ nombre: e.target.value })} />}
          </Field>
          <Field id="p-categoria" label="Categoría">
            {(a) => <Input {...a} value={form.categoria} onChange={(e) => set({ categoria: e.target.value })} />}
          </Field>
          <Field id="p-descripcion" label="Descripción" optional>
            {(a) => (
              <Textarea
                {...a}
                rows={3}
                value={form.descripcion}
                onChange={(e) => set({ descripcion: e.target.value })}
              />
            )}
          </Field>
          <div className="grid grid-cols-3 gap-3">
            <Field id="p-creditos" label="Créditos">
              {(a) => (
                <Input
                  {...a}
                  type="number"
                  min={1}
                  inputMode="numeric"
                  value={form.creditos}
                  onChange={(e) => set({ creditos: e.target.value })}
                />
              )}
            </Field>
            <Field id="p-valor" label="Valor COP" optional>
              {(a) => (
                <Input
                  {...a}
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={form.valorCOP}
                  onChange={(e) => set({ valorCOP: e.target.value })}
                />
              )}
            </Field>
            <Field id="p-stock" label="Stock" hint="-1 = ilimitado">
              {(a) => (
                <Input
                  {...a}
                  type="number"
                  min={-1}
                  inputMode="numeric"
                  value={form.stock}
                  onChange={(e) => set({ stock: e.target.value })}
                />
              )}
            </Field>
          </div>
          <Field id="p-imagen" label="Imagen" optional>
            {(a) => (
              <input
                {...a}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="text-sm"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file)
                    void productImageFromFile(file).then(
                      (imagen) => set({ imagen }),
                      (err) => setError(errorMessage(err, "No se pudo leer la imagen")),
                    );
                }}
              />
            )}
          </Field>
          {form.imagen ? (
            <div className="flex items-center gap-3">
              <img src={form.imagen} alt="Vista previa de la imagen" className="size-16 rounded-lg object-cover" />
              <Button size="sm" variant="ghost" onClick={() => set({ imagen: "" })}>
                Quitar imagen
              </Button>
            </div>
          ) : null}
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input type="checkbox" checked={form.destacado} onChange={(e) => set({ destacado: e.target.checked })} />
            Destacado
          </label>
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={save.isPending} loadingText="Guardando…">
              {editing ? "Guardar cambios" : "Crear producto"}
            </Button>
            {editing ? (
              <Button
                variant="outline"
                onClick={() => {
                  setEditing(null);
                  setForm(EMPTY);
                }}
              >
                Cancelar edición
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      <section aria-labelledby="productos-title" className="grid gap-3">
        <h2 id="productos-title" className="text-lg font-semibold text-slate-900">
          Productos{" "}
          <span className="text-sm font-normal text-slate-500">
            ({c.total ?? 0} en total · {c.visibles ?? 0} visibles · {c.ocultos ?? 0} ocultos · {c.agotados ?? 0}{" "}
            agotados)
          </span>
        </h2>
        {products.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : products.isError ? (
          <Alert>{errorMessage(products.error, "Error al cargar los productos")}</Alert>
        ) : (products.data?.data ?? []).length === 0 ? (
          <p className="text-sm text-slate-600">{MARKETPLACE_MSG.empty}</p>
        ) : (
          <ul aria-label="Productos del Marketplace" className="grid gap-3">
            {(products.data?.data ?? []).map((p) => (
              <li key={p._id}>
                <Card className="flex flex-wrap items-center gap-3 p-3">
                  {p.imagen ? <img src={p.imagen} alt="" className="size-14 rounded-lg object-cover" /> : null}
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-slate-900">
                      {p.nombre} {p.destacado ? <Badge tone="warning">{MARKETPLACE_MSG.featured}</Badge> : null}{" "}
                      {p.oculto ? <Badge>Oculto</Badge> : null}
                    </p>
                    <p className="text-sm text-slate-600">
                      {p.categoria} · {formatCredits(p.creditos)} créditos · {formatCOP(p.valorCOP)} ·{" "}
                      {stockBadge(p.stock) ?? "Stock ilimitado"} · {p.vendidos} vendidos
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => edit(p)} aria-label={`Editar ${p.nombre}`}>
                      Editar
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void quick(p, { destacado: !p.destacado })}
                      aria-label={`${p.destacado ? "Quitar destacado de" : "Destacar"} ${p.nombre}`}
                    >
                      {p.destacado ? "Quitar destacado" : "Destacar"}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void quick(p, { oculto: !p.oculto })}
                      aria-label={`${p.oculto ? "Mostrar" : "Ocultar"} ${p.nombre}`}
                    >
                      {p.oculto ? "Mostrar" : "Ocultar"}
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

// ---------------------------------------------------------------------------
// Purchases
// ---------------------------------------------------------------------------

function PurchasesSection() {
  const [estado, setEstado] = useState("pendiente");
  const purchases = useAdminPurchases(estado);
  const c = purchases.data?.counts ?? {};
  return (
    <section aria-labelledby="compras-title" className="mt-4 grid gap-3">
      <h2 id="compras-title" className="text-lg font-semibold text-slate-900">
        Compras
      </h2>
      <FilterBar
        label="Filtrar compras por estado"
        value={estado}
        onChange={setEstado}
        options={[
          { value: "pendiente", label: "Pendientes", count: c.pendiente },
          { value: "entregado", label: "Entregadas", count: c.entregado },
          { value: "cancelado", label: "Canceladas", count: c.cancelado },
          { value: "", label: "Todas", count: c.todas },
        ]}
      />
      {purchases.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : purchases.isError ? (
        <Alert>{errorMessage(purchases.error, "Error al cargar las compras")}</Alert>
      ) : (purchases.data?.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">No hay compras en este estado.</p>
      ) : (
        <ul aria-label="Compras" className="grid gap-3">
          {(purchases.data?.data ?? []).map((p) => (
            <li key={p._id}>
              <PurchaseRow purchase={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PurchaseRow({ purchase: p }: { purchase: Purchase }) {
  const resolve = useResolvePurchase();
  const [key] = useState(newIdempotencyKey);
  const act = (estado: "entregado" | "cancelado") =>
    resolve
      .mutateAsync({ id: p._id, estado, idempotencyKey: `${key}-${estado}` })
      .then((msg) => toast({ title: msg, variant: "success" }), failed("No se pudo actualizar la compra"));
  return (
    <Card className="flex flex-wrap items-center gap-3 p-3">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          {p.productoId.nombre}{" "}
          <Badge tone={PURCHASE_TONES[p.estado] ?? "neutral"}>{PURCHASE_STATE_LABELS[p.estado]}</Badge>
        </p>
        <p className="text-sm text-slate-600">
          {p.compradorId.name} {p.compradorId.apellido} ({p.compradorId.email}) · {formatCredits(p.creditos)} créditos ·{" "}
          {formatDate(p.createdAt)}
        </p>
      </div>
      {p.estado === "pendiente" ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => void act("entregado")}
            loading={resolve.isPending}
            aria-label={`Marcar entregada la compra de ${p.productoId.nombre} de ${p.compradorId.email}`}
          >
            Marcar entregado
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => void act("cancelado")}
            disabled={resolve.isPending}
            aria-label={`Cancelar y reembolsar la compra de ${p.productoId.nombre} de ${p.compradorId.email}`}
          >
            Cancelar y reembolsar
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

// ---------------------------------------------------------------------------
// Withdrawals
// ---------------------------------------------------------------------------

function WithdrawalsSection() {
  const [estado, setEstado] = useState("pendiente");
  const [metodo, setMetodo] = useState("");
  const withdrawals = useAdminWithdrawals(estado, metodo);
  const c = withdrawals.data?.counts ?? {};
  return (
    <section aria-labelledby="retiros-admin-title" className="mt-4 grid gap-3">
      <h2 id="retiros-admin-title" className="text-lg font-semibold text-slate-900">
        Retiros
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <FilterBar
          label="Filtrar retiros por estado"
          value={estado}
          onChange={setEstado}
          options={[
            { value: "pendiente", label: "Pendientes", count: c.pendiente },
            { value: "aprobado", label: "Aprobados", count: c.aprobado },
            { value: "rechazado", label: "Rechazados", count: c.rechazado },
            { value: "", label: "Todos", count: c.todos },
          ]}
        />
        <Field id="retiros-metodo" label="Método">
          {(a) => (
            <NativeSelect {...a} value={metodo} onChange={(e) => setMetodo(e.target.value)}>
              <option value="">Todos los métodos</option>
              {WITHDRAWAL_METHODS.map((m) => (
                <option key={m} value={m}>
                  {WITHDRAWAL_METHOD_LABELS[m]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      {withdrawals.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : withdrawals.isError ? (
        <Alert>{errorMessage(withdrawals.error, "Error al cargar los retiros")}</Alert>
      ) : (withdrawals.data?.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">No hay retiros en este estado.</p>
      ) : (
        <ul aria-label="Retiros" className="grid gap-3">
          {(withdrawals.data?.data ?? []).map((w) => (
            <li key={w._id}>
              <WithdrawalRow withdrawal={w} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WithdrawalRow({ withdrawal: w }: { withdrawal: AdminWithdrawal }) {
  const resolve = useResolveWithdrawal();
  const [key] = useState(newIdempotencyKey);
  const [referencia, setReferencia] = useState("");
  const [motivo, setMotivo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const d = w.destinoCompleto;
  const act = (estado: "aprobado" | "rechazado") => {
    setError(null);
    if (estado === "aprobado" && !referencia.trim()) {
      setError("Para aprobar un retiro ingresa la referencia del pago");
      return;
    }
    void resolve
      .mutateAsync({
        id: w._id,
        estado,
        referencia: referencia.trim(),
        motivo: motivo.trim(),
        idempotencyKey: `${key}-${estado}-${referencia.trim()}`,
      })
      .then((msg) => toast({ title: msg, variant: "success" }), failed("No se pudo actualizar el retiro"));
  };
  const who = `${w.usuario.name} ${w.usuario.apellido}`.trim();
  return (
    <Card className="grid gap-3 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {formatCredits(w.monto)} créditos · {formatCOP(w.valorCOP)}{" "}
            <Badge tone={WITHDRAWAL_TONES[w.estado] ?? "neutral"}>{WITHDRAWAL_STATE_LABELS[w.estado]}</Badge>
          </p>
          <p className="text-sm text-slate-600">
            {who} ({w.usuario.email}) · {WITHDRAWAL_METHOD_LABELS[w.metodo]} · {formatDate(w.createdAt)}
          </p>
          <p className="text-sm text-slate-600">
            Destino:{" "}
            {d
              ? d.celular
                ? `Celular ${d.celular}`
                : `${d.banco ?? ""} · ${d.tipoCuenta ?? ""} ${d.numeroCuenta ?? ""} · ${d.titular ?? ""} (${d.tipoDocumento ?? ""} ${d.numeroDocumento ?? ""})`
              : w.destino}
          </p>
          {w.referencia ? <p className="text-sm text-slate-600">Referencia: {w.referencia}</p> : null}
          {w.motivo ? <p className="text-sm text-slate-600">Motivo: {w.motivo}</p> : null}
        </div>
      </div>
      {w.estado === "pendiente" ? (
        <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
          <Field id={`ref-${w._id}`} label="Referencia del pago">
            {(a) => <Input {...a} value={referencia} onChange={(e) => setReferencia(e.target.value)} />}
          </Field>
          <Field id={`motivo-${w._id}`} label="Motivo del rechazo" optional>
            {(a) => <Input {...a} value={motivo} onChange={(e) => setMotivo(e.target.value)} />}
          </Field>
          <Button
            onClick={() => act("aprobado")}
            loading={resolve.isPending}
            aria-label={`Aprobar el retiro de ${formatCredits(w.monto)} créditos de ${w.usuario.email}`}
          >
            Aprobar
          </Button>
          <Button
            variant="danger"
            onClick={() => act("rechazado")}
            disabled={resolve.isPending}
            aria-label={`Rechazar el retiro de ${formatCredits(w.monto)} créditos de ${w.usuario.email}`}
          >
            Rechazar
          </Button>
        </div>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
    </Card>
  );
}

// ---------------------------------------------------------------------------
// The log
// ---------------------------------------------------------------------------

function LogSection() {
  const log = useAdminLog();
  return (
    <section aria-labelledby="registro-title" className="mt-4 grid gap-3">
      <h2 id="registro-title" className="text-lg font-semibold text-slate-900">
        {ADMIN_MSG.logTitle} <span className="text-sm font-normal text-slate-500">({log.data?.total ?? 0})</span>
      </h2>
      {log.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : log.isError ? (
        <Alert>{errorMessage(log.error, "Error al cargar el registro")}</Alert>
      ) : (log.data?.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">Aún no hay acciones registradas.</p>
      ) : (
        <ol
          aria-label={ADMIN_MSG.logTitle}
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
        >
          {(log.data?.data ?? []).map((e) => (
            <li key={e._id} className="p-3 text-sm">
              <p className="font-semibold text-slate-900">{ADMIN_ACTION_LABELS[e.accion] ?? e.accion}</p>
              <p className="text-slate-600">{e.detalle}</p>
              <p className="text-xs text-slate-500">
                {e.admin.name} ({e.admin.email}) · {new Date(e.createdAt).toLocaleString("es-CO")}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
