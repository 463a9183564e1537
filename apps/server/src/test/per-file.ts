/**
 * Vitest setupFiles of the server suite: runs before each test file. The files of one worker share
 * their modules (isolate: false, vitest.config.ts); what is module-level and must start afresh per
 * file, as in a new process, is reset here.
 */
import { resetIdClock } from "../lib/ids.ts";

resetIdClock();
