import { formatNumber } from "@valoriza/domain";

/** A figure as the exchange pages show it, es-CO ("12.500", "1.500"), without Intl. */
export const fmt = (n: number) => formatNumber(n);
