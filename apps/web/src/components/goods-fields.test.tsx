import { render, screen } from "@testing-library/react";
import { maxValueCOP } from "@valoriza/domain";
import { describe, expect, it } from "vitest";
import { CategoryValueBound } from "./goods-fields.tsx";

describe("CategoryValueBound", () => {
  it("names the category's bound per registration, and warns above it", () => {
    const category = "Tecnología";
    const max = maxValueCOP("bien", category);
    const { container, rerender } = render(
      <p>
        <CategoryValueBound category={category} value={String(max)} />
      </p>,
    );
    expect(container.textContent).toContain(`Máximo por registro en ${category}`);
    expect(screen.queryByTestId("limite-valor")).toBeNull();
    rerender(
      <p>
        <CategoryValueBound category={category} value={String(max + 1000)} />
      </p>,
    );
    expect(screen.getByTestId("limite-valor").getAttribute("role")).toBe("status");
  });

  it("says nothing without a category", () => {
    const { container } = render(
      <p>
        <CategoryValueBound category={undefined} value="999999999" />
      </p>,
    );
    expect(container.textContent).toBe("");
  });
});
