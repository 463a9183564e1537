import { QueryClient } from "@tanstack/react-query";

/**
 * Spec §7 Generic: queries never go stale unless they say otherwise, nothing is retried and
 * nothing refetches on window focus.
 *
 * Offline (ADR 023): reads still run ('offlineFirst'), so the service worker can answer them with the
 * last answer it kept, and the pages on screen refresh when the connection comes back. Writes are
 * never held to run later by themselves ('always': offline they fail at once, and their buttons are
 * disabled anyway).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: "always",
      staleTime: Number.POSITIVE_INFINITY,
      networkMode: "offlineFirst",
    },
    mutations: { retry: false, networkMode: "always" },
  },
});

/**
 * Every query key of the app, in one place. The first element is the key's root: invalidating
 * `["wallet"]` refreshes every wallet query.
 */
export const queryKeys = {
  profileRoot: ["profile"] as const,
  profile: (userId: string) => ["profile", userId] as const,
  saldoRoot: ["saldo"] as const,
  saldo: (userId: string) => ["saldo", userId] as const,
  /** Public asset lists (home feed and search). */
  assets: ["assets"] as const,
  assetFeed: (search: string) => ["assets", "feed", search] as const,
  assetDetail: (id: string) => ["asset", id] as const,
  myAssets: (userId: string) => ["myAssets", userId] as const,
  actions: (type: string) => ["actions", type] as const,
  categories: ["categories"] as const,
  economyReport: ["economyReport"] as const,
  walletRoot: ["wallet"] as const,
  walletBalance: (userId: string) => ["wallet", "balance", userId] as const,
  walletTransactions: (userId: string) => ["wallet", "transactions", userId] as const,
  movements: (userId: string) => ["movements", userId] as const,
  transactions: (userId: string) => ["transactions", userId] as const,
  notificationsRoot: ["notifications"] as const,
  notifications: (userId: string) => ["notifications", "list", userId] as const,
  unreadCount: (userId: string) => ["notifications", "unread", userId] as const,
  /** Chats (features/chat): the list, one chat, the unread total. Live `chat` events refresh the root. */
  chatsRoot: ["chats"] as const,
  chatList: (userId: string) => ["chats", "list", userId] as const,
  chatDetail: (chatId: string) => ["chats", "detail", chatId] as const,
  chatUnread: (userId: string) => ["chats", "unread", userId] as const,
};

/** Roots of the queries that belong to the signed-in user: dropped on sign-out. */
const USER_SCOPED_ROOTS = new Set<unknown>([
  "profile",
  "saldo",
  "myAssets",
  "wallet",
  "movements",
  "transactions",
  "notifications",
  "chats",
  "favorites",
]);

export function removeUserQueries(): void {
  queryClient.removeQueries({ predicate: (query) => USER_SCOPED_ROOTS.has(query.queryKey[0]) });
}

/** Roots whose data moves when credits are issued, blocked, released or destroyed. */
const CREDIT_ROOTS = [
  "saldo",
  "profile",
  "wallet",
  "movements",
  "transactions",
  "myAssets",
  "asset",
  "assets",
  // Registering and deactivating also notify the user and change the public report.
  "notifications",
  "economyReport",
];

/** After any operation that moves credits: refresh balances, histories and asset lists. */
export function invalidateAfterCreditChange(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => CREDIT_ROOTS.includes(String(query.queryKey[0])),
  });
}
