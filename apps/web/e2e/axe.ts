import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

export interface AxeOptions {
  /** Prefixed to each finding (which screen it was found on). */
  where?: string;
  /** Turns transitions and animations off and lets the page settle first: colours are measured at rest. */
  still?: boolean;
}

/** axe-core's serious and critical violations on the page as it is now (an open dialog or panel included). */
export async function seriousViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  if (options.still) {
    await page.addStyleTag({
      content: "*, *::before, *::after { transition: none !important; animation: none !important; }",
    });
    await page.waitForTimeout(300);
  }
  // Colours are measured at rest: a toast or a card still fading in has its text blended with the
  // background (a CI run once measured a title at 2.55:1 mid fade). Finite animations and
  // transitions running now are let finish (at most 3 s); endless ones (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy forbids inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown }> } }
    ).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  })) as Violation[];
  const prefix = options.where ? `${options.where}: ` : "";
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((n) =>
        `${prefix}${v.impact} ${v.id}: ${v.help} → ${n.target.join(" ")} ${n.failureSummary ?? ""}`.trim(),
      ),
    );
}
