import { CHAT_MSG } from "@valoriza/domain";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { ApiError, isBlockedAnswer } from "../../lib/api.ts";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { toast } from "../../lib/toast.ts";
import { type Chat, chatErrorMessage, startChat, useMeId, useMyChats } from "./api.ts";
import { ChatCard } from "./ChatCard.tsx";
import { type ChatAsset, ContactButton } from "./contact-button.tsx";

function assetIds(asset: ChatAsset): { activoId: string; ownerId: string } {
  const activoId = asset.id || asset._id || "";
  const u = asset.userId;
  const fromUser = typeof u === "string" ? u : (u?._id ?? u?.id ?? "");
  return { activoId, ownerId: asset.ownerId || fromUser };
}

/** Owners see at most this many conversations about their asset here; the rest are in /mensajes. */
const OWNER_CHATS_SHOWN = 3;

/**
 * The asset page's chat for a signed-in person (AssetChat loads it): 'Contactar', not with oneself
 * ('No puedes iniciar un chat contigo mismo'). Once a chat exists its card shows instead of the
 * button; the owner sees the conversations others started about the asset.
 */
export function AssetChatLive({ asset }: { asset: ChatAsset }) {
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
        <ContactButton onClick={contact} starting={starting} />
      )}
      {refusal ? <Alert>{refusal}</Alert> : null}
    </div>
  );
}
