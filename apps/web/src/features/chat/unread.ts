import { useQuery } from "@tanstack/react-query";
import { type ChatUnreadResponse, POLL } from "@valoriza/domain";
import { ApiError, apiRequest } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query-client.ts";
import { expireSession, useSession } from "../../lib/session.tsx";

/**
 * GET /chat/no-leidos/count: unread messages across my chats (the header's and the menu's badge).
 * Its own small module: the header is on every first load, the rest of the chat code is not.
 * A 403 here is not a dead session; only a 401 ends it (as every chat call).
 */
export function useChatUnreadCount() {
  const { token, user } = useSession();
  const meId = token && user ? user._id : "";
  return useQuery({
    queryKey: queryKeys.chatUnread(meId),
    queryFn: async ({ signal }) => {
      try {
        const { count } = await apiRequest<ChatUnreadResponse>("/chat/no-leidos/count", {
          signal,
          onUnauthorized: "ignore",
        });
        return Math.max(count, 0);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) expireSession();
        throw error;
      }
    },
    enabled: meId !== "",
    refetchInterval: POLL.unreadCount,
    staleTime: POLL.unreadCountStale,
  });
}
