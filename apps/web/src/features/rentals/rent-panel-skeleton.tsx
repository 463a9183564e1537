import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";

/**
 * The 'Alquilar' panel while it loads, laid out like it (RentAssetAction's BookingPanel): the title,
 * the price, the period, the terms, the booked days, the two dates, the total and 'Alquilar'. Used
 * by the panel itself and by the asset page before the panel's code arrives, so the page below moves
 * little when the publication comes (only by what its terms' length adds or takes).
 */
export function RentPanelSkeleton({ label }: { label: string }) {
  return (
    <Card className="flex flex-col gap-3 p-5" role="status" aria-label={label}>
      <Skeleton className="h-6 w-28 rounded-lg" />
      <Skeleton className="h-8 w-44 rounded-lg" />
      <Skeleton className="h-5 w-64 max-w-full rounded-lg" />
      <div className="grid gap-1">
        <Skeleton className="h-4 w-20 rounded" />
        <Skeleton className="h-4 w-full rounded" />
        <Skeleton className="h-4 w-3/4 rounded" />
      </div>
      <div className="grid gap-1">
        <Skeleton className="h-4 w-36 rounded" />
        <Skeleton className="h-4 w-56 max-w-full rounded" />
      </div>
      <div className="grid gap-3">
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-[70px] rounded-xl" />
          <Skeleton className="h-[70px] rounded-xl" />
        </div>
        <Skeleton className="h-9 w-full rounded-xl" />
        <Skeleton className="h-12 w-full rounded-xl" />
      </div>
    </Card>
  );
}
