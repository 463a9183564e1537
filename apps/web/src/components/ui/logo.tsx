import { cn } from "../../lib/utils.ts";

/** The Valoriza mark: a "V" on a green-teal tile (same drawing as the favicon). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn("size-9 shrink-0", className)}>
      <defs>
        <linearGradient id="vz-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#10b981" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#vz-logo-gradient)" />
      <path
        d="M17 20l15 26 15-26"
        fill="none"
        stroke="#fff"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="47" cy="17" r="4" fill="#a7f3d0" />
    </svg>
  );
}
