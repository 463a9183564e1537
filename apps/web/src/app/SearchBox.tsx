import { Search } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { preloadHomeResults } from "../features/home/results-code.ts";
import { cn } from "../lib/utils.ts";

/**
 * Header search. The text lives in the home URL (?q=), which the home feed reads: on the home page
 * it filters as you type; elsewhere Enter takes you to the results.
 */
export function SearchBox({ className }: { className?: string }) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onHome = pathname === "/";
  const urlQuery = onHome ? (params.get("q") ?? "") : "";
  const [value, setValue] = useState(urlQuery);
  // What this box last wrote to ?q=, until the URL shows it. The router updates the location in a
  // transition, a render behind the box: an older ?q= still on its way must not overwrite what was
  // typed since (on a slow phone that dropped letters typed in between). Any other change of ?q=
  // (the feed's 'Ver todos los activos', back and forward, leaving the home page) sets the box.
  const written = useRef<string | null>(null);

  useEffect(() => {
    if (written.current !== null && onHome) {
      if (urlQuery === written.current) written.current = null;
      return;
    }
    written.current = null;
    setValue(urlQuery);
  }, [urlQuery, onHome]);

  const onChange = (next: string) => {
    setValue(next);
    if (!onHome) return;
    written.current = next.trim() ? next : "";
    setParams(
      (current) => {
        if (next.trim()) current.set("q", next);
        else current.delete("q");
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  // Whatever is typed here is answered by the home's results list: its code is fetched when the box
  // takes the focus, so the first search waits for the answer only, not for that code first.
  const preloadResults = () => {
    void preloadHomeResults().catch(() => {});
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = value.trim();
    if (!onHome) navigate(query ? `/?q=${encodeURIComponent(query)}` : "/");
    requestAnimationFrame(() => document.getElementById("activos")?.scrollIntoView({ block: "start" }));
  };

  return (
    <search className={cn("relative min-w-0", className)}>
      <form onSubmit={onSubmit}>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onFocus={preloadResults}
          placeholder="Buscar activos o personas..."
          aria-label="Buscar activos o personas"
          className={cn(
            "h-10 w-full rounded-full border border-slate-200 bg-slate-100/80 pr-4 pl-10 text-sm text-slate-900 transition-colors",
            "placeholder:text-slate-400 hover:border-slate-300 focus:bg-white",
            "focus-visible:border-emerald-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-emerald-500/25",
          )}
        />
      </form>
    </search>
  );
}
