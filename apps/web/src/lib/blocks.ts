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

/** A hand-written reader (no zod: the asset page and the chat load this file). */
function normalizeBlocks(body: unknown): BlockedPerson[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data.flatMap((raw): BlockedPerson[] => {
    const b = raw as Record<string, unknown>;
    if (typeof b._id !== "string") return [];
    return [
      {
        id: b._id,
        name: typeof b.name === "string" ? b.name : "",
        apellido: typeof b.apellido === "string" ? b.apellido : "",
        createdAt: typeof b.createdAt === "string" ? b.createdAt : "",
      },
    ];
  });
}

/** The people the signed-in person blocked (none, and no call, when signed out). */
export function useBlocks() {
  const { user } = useSession();
  return useQuery({
    queryKey: blocksKey(user?.id ?? ""),
    queryFn: async ({ signal }) => normalizeBlocks(await apiRequest("/bloqueos", { signal })),
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
