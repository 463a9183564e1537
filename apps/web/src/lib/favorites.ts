import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiRequest, isAuthError } from "./api.ts";
import type { Asset } from "./assets.ts";
import { useSession } from "./session.tsx";
import { toast } from "./toast.ts";

/** One favourite as GET /api/favoritos answers it (issue 20). */
export interface Favorite {
  id: string;
  title: string;
  disponible: boolean;
  motivo: string | null;
  asset: Asset | null;
  createdAt: string;
}

export const favoritesKey = (userId: string) => ["favorites", userId] as const;

/** The signed-in person's favourites (none, and no call, when signed out). */
export function useFavorites() {
  const { user } = useSession();
  return useQuery({
    queryKey: favoritesKey(user?.id ?? ""),
    queryFn: async ({ signal }) => {
      // The contract (and zod) load with the answer: the heart on the home route's cards stays small.
      const [body, { parseFavorites }] = await Promise.all([
        apiRequest("/favoritos", { signal }),
        import("./favorites-contract.ts"),
      ]);
      return parseFavorites(body);
    },
    enabled: Boolean(user),
    staleTime: 30_000,
  });
}

/**
 * Whether `assetId` is a favourite, and a toggle that adds or removes it (the heart). The heart
 * changes at once; a refusal puts it back.
 */
export function useFavoriteToggle(assetId: string) {
  const { user } = useSession();
  const client = useQueryClient();
  const favorites = useFavorites();
  const [pending, setPending] = useState(false);
  const isFavorite = Boolean(favorites.data?.some((f) => f.id === assetId));
  const key = favoritesKey(user?.id ?? "");

  const toggle = async () => {
    const add = !isFavorite;
    setPending(true);
    const before = client.getQueryData<Favorite[]>(key);
    const placeholder: Favorite = {
      id: assetId,
      title: "",
      disponible: true,
      motivo: null,
      asset: null,
      createdAt: "",
    };
    client.setQueryData<Favorite[]>(key, (list = []) =>
      add ? [placeholder, ...list.filter((f) => f.id !== assetId)] : list.filter((f) => f.id !== assetId),
    );
    try {
      await apiRequest(`/favoritos/${encodeURIComponent(assetId)}`, { method: add ? "POST" : "DELETE" });
      toast({ title: add ? "Guardado en favoritos" : "Quitado de favoritos", variant: "success" });
    } catch (error) {
      // Undo only this change; with no list before (it failed to load), drop the placeholder.
      client.setQueryData<Favorite[]>(key, before ?? ((list = []) => list.filter((f) => f.id !== assetId)));
      if (!isAuthError(error)) {
        toast({
          title: add ? "No se pudo guardar en favoritos" : "No se pudo quitar de favoritos",
          description: error instanceof Error ? error.message : "",
          variant: "error",
        });
      }
    } finally {
      setPending(false);
      void client.invalidateQueries({ queryKey: key });
    }
  };
  return { isFavorite, signedIn: Boolean(user), toggle: () => void toggle(), pending };
}
