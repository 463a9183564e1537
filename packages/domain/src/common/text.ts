/**
 * Text safety shared by every request schema and the server's input guard.
 *
 * - Control characters (NUL and the other C0/C1 codes, DEL) never belong in
 *   text a person typed; PostgreSQL even refuses NUL. Free text may keep tab,
 *   line feed and carriage return; one-line fields and URLs may not.
 * - "Invisible" text (spaces, zero-width and other format characters such as
 *   U+200B, U+2060, U+FEFF, soft hyphen, Hangul fillers, braille blank) does
 *   not count as content: a required field made only of it is empty.
 */

/** Every C0 control except tab, LF and CR, plus DEL and the C1 block. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/** Every C0/C1 control and DEL (for one-line values: URLs, query strings, names). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_ANY = /[\u0000-\u001F\u007F-\u009F]/u;
/** Whitespace, format characters (Cf) and the blank-looking letters people use to fake content. */
const INVISIBLE = /(?:[\s\p{Cf}\p{Zs}\u115F\u1160\u17B4\u17B5\u180E\u2800\u3164\uFFA0]|\u034F)/gu;

export const TEXT_MSG = {
  controlChars: "El texto contiene caracteres no permitidos (caracteres de control)",
  controlCharsIn: (field: string) => `El campo ${field} contiene caracteres no permitidos (caracteres de control)`,
  controlCharsInUrl: "La dirección o la búsqueda contiene caracteres no permitidos (caracteres de control)",
} as const;

/** True when `value` holds a control character other than tab, LF or CR. */
export function hasControlChars(value: string, opts: { multiline?: boolean } = {}): boolean {
  return (opts.multiline === false ? CONTROL_ANY : CONTROL_IN_TEXT).test(value);
}

/** The text without whitespace and invisible characters: what a reader actually sees. */
export function visibleText(value: string): string {
  return value.replace(INVISIBLE, "");
}

/** True when `value` has nothing a reader can see (empty, spaces, zero-width characters...). */
export function isBlankText(value: string): boolean {
  return visibleText(value).length === 0;
}

/**
 * The first string (by path) in a JSON value that holds a control character,
 * or undefined. Object keys are checked too. Walks iteratively, so deep
 * nesting cannot overflow the stack.
 */
export function findControlChars(value: unknown): { path: string } | undefined {
  const stack: Array<{ v: unknown; path: string }> = [{ v: value, path: "" }];
  while (stack.length) {
    const { v, path } = stack.pop() as { v: unknown; path: string };
    if (typeof v === "string") {
      if (CONTROL_IN_TEXT.test(v)) return { path };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: `${path}[${i}]` });
    } else if (v !== null && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        if (CONTROL_ANY.test(k)) return { path: p };
        stack.push({ v: child, path: p });
      }
    }
  }
  return undefined;
}
