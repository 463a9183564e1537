import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

export const Tabs = TabsPrimitive.Root;

/** Phones: the tabs wrap into a grid of this many columns, so none is off-screen (literal classes for Tailwind). */
const PHONE_GRID = {
  2: "w-full max-sm:grid max-sm:grid-cols-2 max-sm:overflow-visible sm:w-auto [&>*]:max-sm:justify-center",
  3: "w-full max-sm:grid max-sm:grid-cols-3 max-sm:overflow-visible sm:w-auto [&>*]:max-sm:justify-center",
} as const;

export function TabsList({
  className,
  phoneColumns,
  ...props
}: ComponentProps<typeof TabsPrimitive.List> & { phoneColumns?: keyof typeof PHONE_GRID }) {
  return (
    <TabsPrimitive.List
      className={cn(
        "inline-flex max-w-full gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1",
        phoneColumns ? PHONE_GRID[phoneColumns] : undefined,
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex h-9 items-center gap-2 rounded-lg px-3.5 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors",
        "hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500",
        "data-[state=active]:bg-white data-[state=active]:text-emerald-800 data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn("mt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500", className)}
      {...props}
    />
  );
}
