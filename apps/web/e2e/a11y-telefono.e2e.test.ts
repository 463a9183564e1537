import { a11ySuite } from "./a11y.ts";
import { PHONE } from "./helpers.ts";

a11ySuite("teléfono", PHONE);
