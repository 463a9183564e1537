import type { z } from "zod";
import type { TransitionContext } from "./deals.engine.ts";

/**
 * A transition's input, parsed by its zod schema (the route's body schema or the domain's input
 * schema), so guards and effects read it typed, never cast (issue 18 item 1). No input reads as {}.
 */
export function inputOf<S extends z.ZodType>(ctx: Pick<TransitionContext<unknown>, "input">, schema: S): z.output<S> {
  return schema.parse(ctx.input ?? {});
}
