import { CHAT_MSG } from "@valoriza/domain";
import { MessageCircle } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ApiError, isBlockedAnswer } from "../../lib/api.ts";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { toast } from "../../lib/toast.ts";
import { type Chat, chatErrorMessage, startChat, useMeId, useMyChats } from "./api.ts";
import { ChatCard } from "./ChatCard.tsx";

/**
 * The asset the chat is about. Accepts the web's asset (`id`, `ownerId`) and the API's
 * (`_id`, `userId` as an id or as `{ _id, name }`).
 */
export interface ChatAsset {
  id?: string;
  _id?: string;
  ownerId?: string;
  userId?: string | { _id?: string; id?: string; name?: string } | null;
  title: string;
}

function assetIds(asset: ChatAsset): { activoId: string; ownerId: string } {
  const activoId = asset.id || asset._id || "";
  const u = asset.userId;
  const fromUser = typeof u === "string" ? u : (u?._id ?? u?.id ?? "");
  return { activoId, ownerId: asset.ownerId || fromUser };
}

/** Owners see at most this many conversations about their asset here; the rest are in /mensajes. */
const OWNER_CHATS_SHOWN = 3;

/**
 * 'Contactar' and the chat card on the asset page (overview §2 Asset detail, spec §5 and §8):
 * login required ('Inicia sesión primero'), not with oneself ('No puedes iniciar un chat contigo
 * mismo'). Once a chat exists its card shows instead of the button; the owner sees the
 * conversations others started about the asset.
 */
export function AssetChat({ asset }: { asset: ChatAsset }) {
  const meId = useMeId();
  const { activoId, ownerId } = assetIds(asset);
  const isOwner = meId !== "" && meId === ownerId;
  const chats = useMyChats();
  const [started, setStarted] = useState<Chat | null>(null);
  const [starting, setStarting] = useState(false);
  /** Refused because one of the two blocked the other (issue 19 part 4): said under the button. */
  const [refusal, setRefusal] = useState<string | null>(null);

  const aboutAsset = (chats.data ?? []).filter((c) => c.activoId === activoId);
  const withOwner = isOwner ? undefined : aboutAsset.find((c) => c.participantes.some((p) => p.id === ownerId));
  const visitorChat = withOwner ?? (started && started.activoId === activoId ? started : undefined);

  async function contact() {
    if (!meId) {
      toast({ title: CHAT_MSG.loginFirst, variant: "error" });
      openAuthDialog("login");
      return;
    }
    if (isOwner || !ownerId) {
      toast({ title: CHAT_MSG.selfChat, variant: "error" });
      return;
    }
    setStarting(true);
    setRefusal(null);
    try {
      setStarted(await startChat(activoId, ownerId));
    } catch (error) {
      if (error instanceof ApiError && isBlockedAnswer(error.status, error.body)) {
        setRefusal(error.message);
        return;
      }
      toast({
        title: CHAT_MSG.startFailed,
        description: chatErrorMessage(error, CHAT_MSG.startFailedFallback),
        variant: "error",
      });
    } finally {
      setStarting(false);
    }
  }

  // Opened with 'Contactar': focus moves to the message box that replaced the button (issue 15 item 15).
  if (visitorChat) return <ChatCard chatId={visitorChat.id} initial={visitorChat} autoFocus={started !== null} />;

  return (
    <div className="flex flex-col gap-3">
      {isOwner && aboutAsset.length > 0 ? (
        <>
          {aboutAsset.slice(0, OWNER_CHATS_SHOWN).map((c) => (
            <ChatCard key={c.id} chatId={c.id} initial={c} />
          ))}
          {aboutAsset.length > OWNER_CHATS_SHOWN ? (
            <Link to="/mensajes" className="text-center text-sm font-medium text-emerald-700 hover:underline">
              Ver todas las conversaciones
            </Link>
          ) : null}
        </>
      ) : isOwner ? null : (
        // Owners get no contact action on their own asset (spec: no buy or contact actions).
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          onClick={contact}
          loading={starting}
          loadingText="Abriendo chat…"
          data-testid="contact-button"
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          Contactar
        </Button>
      )}
      {refusal ? <Alert>{refusal}</Alert> : null}
    </div>
  );
}
