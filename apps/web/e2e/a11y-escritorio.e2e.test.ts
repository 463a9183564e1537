import { a11ySuite } from "./a11y.ts";
import { DESKTOP } from "./helpers.ts";

a11ySuite("escritorio", DESKTOP);
