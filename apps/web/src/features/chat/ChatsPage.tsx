import { ArrowLeft, MessagesSquare } from "lucide-react";
import { Link, useSearchParams } from "react-router-dom";
import { RequireSession } from "../../components/require-session.tsx";
import { Button } from "../../components/ui/button.tsx";
import { LoadingState } from "../../components/ui/spinner.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { cn, onFirstUse } from "../../lib/utils.ts";
import { type Chat, otherParticipant, useMeId, useMyChats } from "./api.ts";
import { ChatCard } from "./ChatCard.tsx";

const dayFormat = onFirstUse(() => new Intl.DateTimeFormat("es-CO", { day: "numeric", month: "short" }));
const timeFormat = onFirstUse(() => new Intl.DateTimeFormat("es-CO", { timeStyle: "short" }));

function shortWhen(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toDateString() === new Date().toDateString() ? timeFormat().format(d) : dayFormat().format(d);
}

const unreadLabel = (n: number) => (n > 99 ? "99+" : String(n));

/** /mensajes: my conversations with unread counts; opening one shows it beside the list (below on phones). */
export function ChatsPage() {
  useDocumentTitle("Mensajes");
  return (
    <RequireSession message="Inicia sesión para ver tus conversaciones.">
      <Conversations />
    </RequireSession>
  );
}

function Conversations() {
  const meId = useMeId();
  const chats = useMyChats();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get("chat") ?? "";
  const list = chats.data ?? [];
  const selected = list.find((c) => c.id === selectedId);

  const open = (id: string) => setParams(id ? { chat: id } : {}, { replace: false });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
          <MessagesSquare aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Mensajes</h1>
          <p className="text-sm text-slate-500">Tus conversaciones sobre activos</p>
        </div>
      </div>

      {chats.isPending ? (
        <LoadingState label="Cargando conversaciones…" />
      ) : chats.isError ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-800">
          No pudimos cargar tus conversaciones.{" "}
          <Button variant="ghost" size="sm" onClick={() => void chats.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="font-semibold text-slate-800">Aún no tienes conversaciones</p>
          <p className="mt-1 text-sm text-slate-500">
            Usa «Contactar» en la página de un activo para escribirle a su dueño.
          </p>
          <Link to="/" className="mt-4 inline-block text-sm font-medium text-emerald-700 hover:underline">
            Explorar activos
          </Link>
        </div>
      ) : (
        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <nav aria-label="Conversaciones" className={cn(selectedId && "hidden lg:block")}>
            <ul className="flex flex-col gap-2" data-testid="chat-list">
              {list.map((c) => (
                <li key={c.id}>
                  <ConversationItem chat={c} meId={meId} active={c.id === selectedId} onOpen={() => open(c.id)} />
                </li>
              ))}
            </ul>
          </nav>
          {selectedId ? (
            <div className="flex min-w-0 flex-col gap-3">
              <Button variant="ghost" size="sm" className="self-start lg:hidden" onClick={() => open("")}>
                <ArrowLeft aria-hidden="true" className="size-4" />
                Volver a las conversaciones
              </Button>
              <ChatCard key={selectedId} chatId={selectedId} initial={selected} showAsset />
              {selected ? (
                <Link
                  to={`/ver-activo/${encodeURIComponent(selected.activoId)}`}
                  className="text-sm font-medium text-emerald-700 hover:underline"
                >
                  Ver el activo
                </Link>
              ) : null}
            </div>
          ) : (
            <p className="hidden rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500 lg:block">
              Elige una conversación para leerla.
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function ConversationItem({
  chat,
  meId,
  active,
  onOpen,
}: {
  chat: Chat;
  meId: string;
  active: boolean;
  onOpen: () => void;
}) {
  const other = otherParticipant(chat, meId);
  const last = chat.ultimoMensaje;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={active ? "true" : undefined}
      data-testid="chat-list-item"
      className={cn(
        "flex w-full items-start gap-3 rounded-2xl border bg-white p-3 text-left transition-colors hover:border-emerald-300",
        "focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-emerald-500/30",
        active ? "border-emerald-400 ring-1 ring-emerald-400" : "border-slate-200",
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800"
      >
        {(other.name || "?").slice(0, 1).toUpperCase()}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate font-semibold text-slate-900">{other.name || "Usuario"}</span>
          <span className="shrink-0 text-xs text-slate-400">{shortWhen(chat.actualizadoEn)}</span>
        </span>
        <span className="block truncate text-xs text-slate-500">{chat.activoTitulo}</span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={cn("truncate text-sm", chat.noLeidos > 0 ? "font-medium text-slate-900" : "text-slate-500")}>
            {last ? `${last.emisorId === meId ? "Tú: " : ""}${last.texto}` : "Sin mensajes"}
          </span>
          {chat.noLeidos > 0 ? (
            <span
              className="shrink-0 rounded-full bg-emerald-600 px-2 py-0.5 text-xs font-bold text-white"
              data-testid="chat-unread"
            >
              <span className="sr-only">Sin leer: </span>
              {unreadLabel(chat.noLeidos)}
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
