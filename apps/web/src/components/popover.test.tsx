import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { usePopoverDismiss } from "./popover.ts";

function setup(open: boolean) {
  const root = document.createElement("div");
  const button = document.createElement("button");
  const inside = document.createElement("span");
  root.append(button, inside);
  document.body.replaceChildren(root);
  const onClose = vi.fn();
  const hook = renderHook(
    (props: { open: boolean }) =>
      usePopoverDismiss({ open: props.open, onClose, rootRef: { current: root }, buttonRef: { current: button } }),
    { initialProps: { open } },
  );
  return { root, button, inside, onClose, hook };
}

const pointerDown = (target: Element) => target.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
const key = (k: string) => document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));

describe("usePopoverDismiss", () => {
  it("closes on a pointer down outside, not inside", () => {
    const { inside, onClose } = setup(true);
    pointerDown(inside);
    expect(onClose).not.toHaveBeenCalled();
    pointerDown(document.body);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("closes on Esc and gives the focus back to its button", () => {
    const { button, onClose } = setup(true);
    key("Enter");
    expect(onClose).not.toHaveBeenCalled();
    key("Escape");
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(button);
  });

  it("does nothing while closed, and stops listening once closed", () => {
    const { onClose, hook } = setup(false);
    key("Escape");
    pointerDown(document.body);
    expect(onClose).not.toHaveBeenCalled();
    hook.rerender({ open: true });
    hook.rerender({ open: false });
    key("Escape");
    expect(onClose).not.toHaveBeenCalled();
  });
});
