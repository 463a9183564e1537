import { BLOCKS_MSG, CHAT_MESSAGE_MAX, CHAT_MSG } from "@valoriza/domain";
import { MessageCircle, SendHorizontal } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { BlockPersonButton } from "../../components/block-person-button.tsx";
import { PersonLink } from "../../components/person-link.tsx";
import { ReportButton } from "../../components/report-button.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ApiError, isBlockedAnswer } from "../../lib/api.ts";
import { useBlockToggle } from "../../lib/blocks.ts";
import { toast } from "../../lib/toast.ts";
import { cn, onFirstUse } from "../../lib/utils.ts";
import {
  type Chat,
  chatErrorMessage,
  markChatRead,
  otherParticipant,
  PRESENCE_RENEW_MS,
  sendMessage,
  setChatPresence,
  useChat,
  useMeId,
} from "./api.ts";

const timeFormat = onFirstUse(() => new Intl.DateTimeFormat("es-CO", { dateStyle: "short", timeStyle: "short" }));

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : timeFormat().format(d);
}

/**
 * One conversation: its messages (newest at the bottom, updated live) and the message box.
 * Enter sends; a message empty after trimming is not sent (spec §5 Asset detail).
 */
export function ChatCard({
  chatId,
  initial,
  showAsset = false,
  autoFocus = false,
  className,
}: {
  chatId: string;
  initial?: Chat | undefined;
  /** Focus the message box when the card appears (it replaced the 'Contactar' button that had focus). */
  autoFocus?: boolean;
  /** Show the asset's title under the other participant's name (conversations page). */
  showAsset?: boolean;
  className?: string;
}) {
  const meId = useMeId();
  const query = useChat(chatId);
  const chat = query.data ?? initial;
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  /** The server's refusal because one of the two blocked the other (issue 19 part 4), shown in the card. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the card first appears.
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, []);
  const lastId = chat?.mensajes.at(-1)?.id ?? "";
  const unread = chat?.noLeidos ?? 0;

  // Newest message in view whenever one arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again each time the last message changes.
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  // While the chat is on screen (page visible) the server knows it: its new messages raise no
  // notification for me (issue 15 item 14). Renewed while visible; dropped when hidden or closed.
  useEffect(() => {
    if (!chatId || !meId) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const update = () => {
      const visible = document.visibilityState === "visible";
      if (timer) clearInterval(timer);
      timer = undefined;
      setChatPresence(chatId, visible);
      if (visible) timer = setInterval(() => setChatPresence(chatId, true), PRESENCE_RENEW_MS);
    };
    update();
    document.addEventListener("visibilitychange", update);
    return () => {
      document.removeEventListener("visibilitychange", update);
      if (timer) clearInterval(timer);
      setChatPresence(chatId, false);
    };
  }, [chatId, meId]);

  // An open, visible chat is a read chat.
  useEffect(() => {
    if (!chatId || unread === 0 || document.visibilityState !== "visible") return;
    markChatRead(chatId).catch(() => {
      // Best effort: the unread count stays until the next visit.
    });
  }, [chatId, unread]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const texto = text.trim();
    if (!texto || sending) return;
    setSending(true);
    try {
      await sendMessage(chatId, texto);
      setText("");
      setRefusal(null);
    } catch (error) {
      if (error instanceof ApiError && isBlockedAnswer(error.status, error.body)) {
        setRefusal(error.message);
        return;
      }
      toast({
        title: CHAT_MSG.sendFailed,
        description: chatErrorMessage(error, CHAT_MSG.sendFailedFallback),
        variant: "error",
      });
    } finally {
      setSending(false);
    }
  }

  const other = chat ? otherParticipant(chat, meId) : null;
  const titleId = `chat-${chatId}-title`;
  // I blocked them: the conversation stays readable, writing waits for 'Desbloquear'.
  const iBlocked = useBlockToggle(other?.id ?? "").isBlocked;

  return (
    <Card className={cn("flex min-w-0 flex-col overflow-hidden", className)} data-testid="chat-card">
      <section aria-labelledby={titleId} className="flex min-h-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b border-slate-100 px-4 py-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
            <MessageCircle aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="truncate font-semibold text-slate-900">
              {other?.name ? (
                <>
                  Chat con <PersonLink id={other.id} name={other.name} />
                </>
              ) : (
                "Chat"
              )}
            </h2>
            {showAsset && chat?.activoTitulo ? (
              <p className="truncate text-xs text-slate-500">{chat.activoTitulo}</p>
            ) : null}
          </div>
          {other?.id ? <BlockPersonButton personId={other.id} name={other.name} className="shrink-0" compact /> : null}
        </header>

        {!chat && query.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner label="Cargando mensajes…" />
          </div>
        ) : !chat ? (
          <p className="p-4 text-sm text-red-700" role="alert">
            No pudimos cargar el chat.
          </p>
        ) : (
          <div
            ref={logRef}
            role="log"
            aria-live="polite"
            aria-label="Mensajes"
            className="flex max-h-80 min-h-32 flex-1 flex-col overflow-y-auto bg-slate-50/60 px-4 py-3"
          >
            <ol className="flex flex-1 flex-col gap-2">
              {chat.mensajes.length === 0 ? (
                <li className="my-auto text-center text-sm text-slate-500">Aún no hay mensajes. Escribe el primero.</li>
              ) : (
                chat.mensajes.map((m) => {
                  const mine = m.emisorId === meId;
                  return (
                    <li
                      key={m.id}
                      data-testid="chat-message"
                      className={cn(
                        "max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-xs",
                        mine
                          ? "self-end rounded-br-md bg-emerald-600 text-white"
                          : "self-start rounded-bl-md border border-slate-200 bg-white text-slate-800",
                      )}
                    >
                      <span className="sr-only">{mine ? "Tú: " : `${other?.name ?? ""}: `}</span>
                      <p className="break-words whitespace-pre-line">{m.texto}</p>
                      <time
                        dateTime={m.fecha}
                        className={cn("mt-0.5 block text-[11px]", mine ? "text-emerald-100" : "text-slate-400")}
                      >
                        {when(m.fecha)}
                      </time>
                      {mine || !/^\d+$/.test(m.id) ? null : (
                        <ReportButton
                          variant="link"
                          tipo="mensaje"
                          objetivoId={m.id}
                          label="Reportar"
                          what={`Mensaje de ${other?.name || "la otra persona"}: “${m.texto.slice(0, 80)}”`}
                        />
                      )}
                    </li>
                  );
                })
              )}
            </ol>
          </div>
        )}

        {iBlocked ? (
          <p role="status" className="border-t border-slate-100 bg-amber-50 px-4 py-2 text-sm text-amber-900">
            {BLOCKS_MSG.blockedByYou}
          </p>
        ) : refusal ? (
          <div className="px-3 pt-3" data-testid="chat-blocked">
            <Alert>{refusal}</Alert>
          </div>
        ) : null}
        <form onSubmit={onSubmit} className="flex items-center gap-2 border-t border-slate-100 p-3">
          <Input
            ref={inputRef}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Escribe un mensaje…"
            aria-label="Escribe un mensaje"
            maxLength={CHAT_MESSAGE_MAX}
            autoComplete="off"
            enterKeyHint="send"
            disabled={!chat || iBlocked}
          />
          <Button
            type="submit"
            size="icon"
            aria-label="Enviar mensaje"
            loading={sending}
            disabled={!chat || iBlocked || text.trim() === ""}
            className="size-11"
          >
            <SendHorizontal aria-hidden="true" className="size-5" />
          </Button>
        </form>
      </section>
    </Card>
  );
}
