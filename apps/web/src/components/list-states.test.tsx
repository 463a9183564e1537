import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type ListQuery, ListSkeleton, ListStates } from "./list-states.tsx";

const query = (over: Partial<ListQuery>): ListQuery => ({
  isPending: false,
  isError: false,
  error: null,
  fetchStatus: "idle",
  refetch: vi.fn(),
  ...over,
});

function show(q: ListQuery, isEmpty = false) {
  return render(
    <ListStates
      query={q}
      isEmpty={isEmpty}
      loading={<ListSkeleton label="Cargando préstamos" count={2} className="grid" itemClassName="h-32" />}
      errorTitle="No pudimos cargar los préstamos"
      empty="Aún no has solicitado préstamos."
    >
      <ul aria-label="Préstamos">
        <li>Uno</li>
      </ul>
    </ListStates>,
  );
}

describe("ListStates", () => {
  it("shows the skeletons as one status while the list is being fetched", () => {
    show(query({ isPending: true, fetchStatus: "fetching" }));
    expect(screen.getByRole("status", { name: "Cargando préstamos" }).children).toHaveLength(2);
  });

  it("shows nothing of the loading state for a query that does not run (idle)", () => {
    show(query({ isPending: true, fetchStatus: "idle" }));
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("list", { name: "Préstamos" })).toBeTruthy();
  });

  it("says what failed and retries", () => {
    const q = query({ isError: true, error: new Error("Sin conexión") });
    show(q);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("No pudimos cargar los préstamos");
    expect(alert.textContent).toContain("Sin conexión");
    screen.getByRole("button", { name: "Reintentar" }).click();
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it("shows the empty text in the dashed box, else the list", () => {
    const { unmount } = show(query({}), true);
    expect(screen.getByText("Aún no has solicitado préstamos.").tagName).toBe("P");
    unmount();
    show(query({}), false);
    expect(screen.getByRole("list", { name: "Préstamos" })).toBeTruthy();
  });
});
