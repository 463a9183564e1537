import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BLOCKS_MSG } from "@valoriza/domain";
import { useState } from "react";
import { apiRequest, isAuthError } from "./api.ts";
import { queryKeys } from "./query-client.ts";
import { useSession } from "./session.tsx";
import { toast } from "./toast.ts";
import { errorMessage } from "./utils.ts";

/** One person I blocked, as GET /api/bloqueos answers it (issue 19 part 4). */
export interface BlockedPerson {
  id: string;
  name: string;
  apellido: string;
  createdAt: string;
}

export const blocksKey = (userId: string) => ["blocks", userId] as const;

/** The people the signed-in person blocked (none, and no call, when signed out). */
export function useBlocks() {
  const { user } = useSession();
  return useQuery({
    queryKey: blocksKey(user?.id ?? ""),
    queryFn: async ({ signal }) => {
      // The contract (and zod) load with the answer: the asset page and the chat, which load this file,
      // stay zod-free until then.
      const [body, { parseBlocks }] = await Promise.all([
        apiRequest("/bloqueos", { signal }),
        import("./blocks-contract.ts"),
      ]);
      return parseBlocks(body);
    },
    enabled: Boolean(user),
    staleTime: 30_000,
  });
}

/**
 * Whether I blocked `personId`, and the calls that block or unblock them. After either, the list,
 * the feed (their listings leave or come back) and the chats are read again.
 */
export function useBlockToggle(personId: string) {
  const { user } = useSession();
  const client = useQueryClient();
  const blocks = useBlocks();
  const [pending, setPending] = useState(false);
  const isBlocked = Boolean(blocks.data?.some((b) => b.id === personId));

  const change = async (block: boolean): Promise<boolean> => {
    setPending(true);
    try {
      await apiRequest(`/bloqueos/${encodeURIComponent(personId)}`, { method: block ? "POST" : "DELETE" });
      toast({ title: block ? BLOCKS_MSG.blocked : BLOCKS_MSG.unblocked, variant: "success" });
      return true;
    } catch (error) {
      if (!isAuthError(error)) {
        toast({
          title: block ? "No se pudo bloquear" : "No se pudo desbloquear",
          description: errorMessage(error, "Intenta de nuevo en unos momentos."),
          variant: "error",
        });
      }
      return false;
    } finally {
      setPending(false);
      void client.invalidateQueries({ queryKey: blocksKey(user?.id ?? "") });
      void client.invalidateQueries({ queryKey: queryKeys.assets });
      void client.invalidateQueries({ queryKey: queryKeys.chatsRoot });
    }
  };
  return {
    isBlocked,
    signedIn: Boolean(user),
    pending,
    block: () => change(true),
    unblock: () => change(false),
  };
}
