import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useDocumentTitle } from "./document-title.ts";
import { createStore, useStore } from "./store.ts";

describe("createStore", () => {
  it("tells its listeners of each change, not of the same value again", () => {
    const store = createStore(1);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(2);
    store.set(2);
    expect(store.get()).toBe(2);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set(3);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe("useStore", () => {
  it("re-renders with the store's new value", () => {
    const store = createStore<{ n: number } | null>(null);
    const { result } = renderHook(() => useStore(store));
    expect(result.current).toBeNull();
    act(() => store.set({ n: 5 }));
    expect(result.current).toEqual({ n: 5 });
  });
});

describe("useDocumentTitle", () => {
  it("titles the tab '{title} · Valoriza' and follows changes", () => {
    const { rerender } = renderHook(({ title }: { title: string | undefined }) => useDocumentTitle(title), {
      initialProps: { title: "Préstamos" as string | undefined },
    });
    expect(document.title).toBe("Préstamos · Valoriza");
    rerender({ title: undefined });
    expect(document.title).toBe("Valoriza");
  });
});
