/**
 * An Intl formatter made on its first use, not when its module loads. A page's first use of Intl
 * loads ICU's data: 25–70 ms of a desktop's main thread, several times that on a phone (issue 21:
 * the first second). Figures never use Intl (formatNumber, formatCredits, formatCOP of
 * @valoriza/domain); dates do, and pay it only where a date is shown.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
