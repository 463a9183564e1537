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
