/** Unread chat messages, as the bell counts ('99+' above 99). */
export const chatBadge = (count: number): string => (count > 99 ? "99+" : String(count));
