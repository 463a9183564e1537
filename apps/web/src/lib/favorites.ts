import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiRequest, isAuthError } from "./api.ts";
import { type Asset, normalizeAsset } from "./assets.ts";
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

function normalizeFavorites(body: unknown): Favorite[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data.flatMap((raw): Favorite[] => {
    const f = raw as Record<string, unknown>;
    if (typeof f._id !== "string") return [];
    return [
      {
        id: f._id,
        title: typeof f.title === "string" ? f.title : "Activo",
        disponible: f.disponible === true,
        motivo: typeof f.motivo === "string" ? f.motivo : null,
        asset: f.asset ? normalizeAsset(f.asset) : null,
        createdAt: typeof f.createdAt === "string" ? f.createdAt : "",
      },
    ];
  });
}

/** The signed-in person's favourites (none, and no call, when signed out). */
export function useFavorites() {
  const { user } = useSession();
  return useQuery({
    queryKey: favoritesKey(user?.id ?? ""),
    queryFn: async ({ signal }) => normalizeFavorites(await apiRequest("/favoritos", { signal })),
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
      client.setQueryData(key, before);
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
