import { MessageCircle } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";

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

/** 'Contactar' (overview §2 Asset detail): the same button signed in or out. */
export function ContactButton({ onClick, starting = false }: { onClick: () => void; starting?: boolean }) {
  return (
    <Button
      variant="outline"
      size="lg"
      className="w-full"
      onClick={onClick}
      loading={starting}
      loadingText="Abriendo chat…"
      data-testid="contact-button"
    >
      <MessageCircle aria-hidden="true" className="size-5" />
      Contactar
    </Button>
  );
}
