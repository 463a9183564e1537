import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { precompress } from "./scripts/precompress.ts";

const DOMAIN_MODULE = /[\\/]packages[\\/]domain[\\/]src[\\/].+\.ts$/;

/**
 * @valoriza/domain is one barrel (index.ts) over modules whose top level only defines constants,
 * functions and zod schemas. Declaring them side-effect free (as `"sideEffects": false` in its
 * package.json would) lets the bundler keep only what each chunk uses: the home page gets MSG,
 * TIMINGS and the formatters without zod. The barrel's one side effect, `z.config(z.locales.es())`,
 * is repeated by src/lib/forms.ts, which every form imports.
 */
function domainTreeShaking(): Plugin {
  return {
    name: "valoriza:domain-tree-shaking",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const fromDomain = importer !== undefined && DOMAIN_MODULE.test(importer);
      if (source !== "@valoriza/domain" && !fromDomain) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !DOMAIN_MODULE.test(resolved.id)) return resolved;
      return { ...resolved, moduleSideEffects: false };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), domainTreeShaking(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // dist/.vite/manifest.json: the server preloads the asset page's modules from it.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: true },
    },
  },
});
