import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Without vitest's globals Testing Library cannot register its own cleanup: each test starts on an empty page.
afterEach(() => {
  cleanup();
});
