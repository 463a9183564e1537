import { MAX_IMAGES } from "@valoriza/domain";
import { describe, expect, it } from "vitest";
import { ImageProcessingError, isAcceptedImage, newImageId, processImage, remainingSlots } from "./images.ts";

const file = (name: string, type: string) => new File([new Uint8Array([1, 2, 3])], name, { type });

describe("image helpers", () => {
  it("accepts JPG, PNG, WEBP and GIF only", () => {
    expect(isAcceptedImage(file("a.jpg", "image/jpeg"))).toBe(true);
    expect(isAcceptedImage(file("a.png", "image/png"))).toBe(true);
    expect(isAcceptedImage(file("a.webp", "image/webp"))).toBe(true);
    expect(isAcceptedImage(file("a.gif", "image/gif"))).toBe(true);
    expect(isAcceptedImage(file("a.svg", "image/svg+xml"))).toBe(false);
    expect(isAcceptedImage(file("a.pdf", "application/pdf"))).toBe(false);
  });

  it("counts the photos that still fit, never below zero", () => {
    expect(remainingSlots(0)).toBe(MAX_IMAGES);
    expect(remainingSlots(MAX_IMAGES - 3)).toBe(3);
    expect(remainingSlots(MAX_IMAGES + 2)).toBe(0);
  });

  it("gives every picked photo its own id", () => {
    const ids = new Set(Array.from({ length: 20 }, () => newImageId()));
    expect(ids.size).toBe(20);
  });

  it("refuses a file that is not an accepted image before reading it, naming it", async () => {
    const progress: number[] = [];
    const error = await processImage(file("contrato.pdf", "application/pdf"), (f) => progress.push(f)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageProcessingError);
    expect((error as Error).message).toBe('"contrato.pdf" no es una imagen JPG, PNG, WEBP o GIF');
    expect(progress).toEqual([]);
  });
});
