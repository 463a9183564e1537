/**
 * Where a notification leads in the web app. The spec's bell maps the three
 * related types (activo -> the asset, propuesta -> /intercambiar, transaccion ->
 * /perfil); deal notifications are all 'transaccion', so the machine kind
 * (`tipo`, e.g. 'custodia_confirmar') picks the page of the deal's own area.
 * Pure: the server sends the result as `enlace`, the web falls back to the
 * spec's mapping when it is absent.
 */
const AREA_LINKS: ReadonlyArray<readonly [prefix: string, path: string]> = [
  ["custodia", "/custodia"],
  ["compra_tienda", "/mi-actividad"],
  ["retiro", "/retiros"],
  ["prestamo", "/prestar"],
  ["alquiler", "/alquilar"],
  ["regalo", "/regalar"],
  ["donacion", "/donar"],
  ["chat", "/mensajes"],
  ["favorito", "/favoritos"],
  ["identidad", "/verificacion"],
  ["resena", "/calificaciones"],
];

export function notificationLink(n: {
  tipo: string;
  relacionadoTipo: string | null;
  relacionadoId: string | null;
}): string | null {
  if (n.relacionadoTipo === "activo" && n.relacionadoId) return `/ver-activo/${encodeURIComponent(n.relacionadoId)}`;
  if (n.relacionadoTipo === "propuesta") {
    return n.relacionadoId ? `/intercambiar?propuesta=${encodeURIComponent(n.relacionadoId)}` : "/intercambiar";
  }
  // A chat message opens its conversation (relacionadoId: the chat).
  if (n.tipo === "chat_mensaje" && n.relacionadoId) return `/mensajes?chat=${encodeURIComponent(n.relacionadoId)}`;
  for (const [prefix, path] of AREA_LINKS) if (n.tipo === prefix || n.tipo.startsWith(`${prefix}_`)) return path;
  if (n.relacionadoTipo === "transaccion") return "/perfil";
  return null;
}
