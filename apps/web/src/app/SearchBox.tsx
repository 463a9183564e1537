import { Search } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
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

  useEffect(() => setValue(urlQuery), [urlQuery]);

  const onChange = (next: string) => {
    setValue(next);
    if (!onHome) return;
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
