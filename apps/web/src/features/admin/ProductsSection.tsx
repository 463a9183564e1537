import { type AdminProduct, formatCOP, formatCredits, MARKETPLACE_MSG, stockBadge } from "@valoriza/domain";
import { type FormEvent, useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isAuthError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useAdminProducts, useSaveProduct } from "./api.ts";
import { productImageFromFile } from "./image.ts";
import { failed } from "./shared.tsx";

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

/** The Marketplace products: the form (new or edit) and the list with quick actions. */
export function ProductsSection() {
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
