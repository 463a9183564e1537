import { CHAT_MSG } from "@valoriza/domain";
import { lazy, Suspense } from "react";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { type ChatAsset, ContactButton } from "./contact-button.tsx";

export type { ChatAsset };

// The chats themselves (their API, contracts and zod, the chat card) are their own chunk, loaded once
// someone is signed in: a visitor who only looks at an asset loads none of it.
const AssetChatLive = lazy(() => import("./AssetChatLive.tsx").then((m) => ({ default: m.AssetChatLive })));

/**
 * 'Contactar' and the chat card on the asset page (overview §2 Asset detail, spec §5 and §8): login
 * required ('Inicia sesión primero' and the sign-in dialog); signed in, AssetChatLive.
 */
export function AssetChat({ asset }: { asset: ChatAsset }) {
  const { token, user } = useSession();
  if (!token || !user) {
    return (
      <ContactButton
        onClick={() => {
          toast({ title: CHAT_MSG.loginFirst, variant: "error" });
          openAuthDialog("login");
        }}
      />
    );
  }
  return (
    <Suspense
      fallback={
        <div role="status" aria-label="Cargando chat">
          <Skeleton className="h-12 w-full rounded-xl" />
        </div>
      }
    >
      <AssetChatLive asset={asset} />
    </Suspense>
  );
}
