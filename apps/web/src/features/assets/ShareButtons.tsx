import { ASSET_MSG, TIMINGS } from "@valoriza/domain";
import { Check, Link2, type LucideIcon, MessageCircle, Send, Share2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { absoluteUrl, copyText } from "../../lib/clipboard.ts";
import { toast } from "../../lib/toast.ts";
import { cn } from "../../lib/utils.ts";

/** Copies a link; 'Enlace copiado' shows for 2 s (overview §9), a failure toasts the spec's messages. */
export function useCopyLink(): { copied: boolean; copy: (url: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (url: string) => {
    try {
      await copyText(url);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), TIMINGS.copyFeedback);
    } catch {
      toast({ title: ASSET_MSG.copyError, description: ASSET_MSG.copyLinkError, variant: "error" });
    }
  };
  return { copied, copy };
}

interface Network {
  name: string;
  href: (url: string, text: string) => string;
  tint: string;
  Icon: LucideIcon | "f" | "x" | "in";
}

const e = encodeURIComponent;

const NETWORKS: Network[] = [
  {
    name: "Facebook",
    href: (url) => `https://www.facebook.com/sharer/sharer.php?u=${e(url)}`,
    tint: "bg-[#1463d0] text-white hover:bg-[#0f52b0]",
    Icon: "f",
  },
  {
    name: "WhatsApp",
    href: (url, text) => `https://wa.me/?text=${e(`${text} ${url}`)}`,
    tint: "bg-[#137a3b] text-white hover:bg-[#0f6330]",
    Icon: MessageCircle,
  },
  {
    name: "Twitter",
    href: (url, text) => `https://twitter.com/intent/tweet?url=${e(url)}&text=${e(text)}`,
    tint: "bg-slate-900 text-white hover:bg-slate-700",
    Icon: "x",
  },
  {
    name: "Telegram",
    href: (url, text) => `https://t.me/share/url?url=${e(url)}&text=${e(text)}`,
    tint: "bg-[#1473a8] text-white hover:bg-[#105d88]",
    Icon: Send,
  },
  {
    name: "LinkedIn",
    href: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}`,
    tint: "bg-[#0A66C2] text-white hover:bg-[#08529c]",
    Icon: "in",
  },
];

function NetworkGlyph({ Icon }: { Icon: Network["Icon"] }) {
  if (typeof Icon !== "string") return <Icon aria-hidden="true" className="size-4" />;
  return (
    <span aria-hidden="true" className="flex size-4 items-center justify-center text-[0.8rem] leading-none font-black">
      {Icon === "x" ? "𝕏" : Icon}
    </span>
  );
}

/** Share buttons of the asset detail: five networks (new tab) and 'Copiar enlace'. */
export function ShareButtons({ path, title }: { path: string; title: string }) {
  const url = absoluteUrl(path);
  const text = `Mira "${title}" en Valoriza`;
  const { copied, copy } = useCopyLink();
  return (
    <section aria-labelledby="compartir-title">
      <h2 id="compartir-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Share2 aria-hidden="true" className="size-4 text-emerald-600" />
        Compartir
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {NETWORKS.map((network) => (
          <li key={network.name}>
            <a
              href={network.href(url, text)}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(
                "inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-semibold transition-colors",
                "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2",
                network.tint,
              )}
            >
              <NetworkGlyph Icon={network.Icon} />
              {network.name}
              <span className="sr-only"> (compartir; se abre en una pestaña nueva)</span>
            </a>
          </li>
        ))}
        <li>
          <Button variant="outline" size="sm" onClick={() => void copy(url)} aria-live="polite">
            {copied ? (
              <Check aria-hidden="true" className="size-4 text-emerald-600" />
            ) : (
              <Link2 aria-hidden="true" className="size-4" />
            )}
            {copied ? "¡Enlace copiado!" : "Copiar enlace"}
          </Button>
        </li>
      </ul>
    </section>
  );
}
