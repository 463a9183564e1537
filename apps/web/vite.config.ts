import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
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

/**
 * Small modules the lazy pages share widely (icons of about 300 bytes, the card primitive, the assets'
 * messages): one small chunk instead of a request each on every page that uses them.
 */
const SHARED_SMALL =
  /[\\/]node_modules[\\/]lucide-react[\\/].+[\\/]icons[\\/](arrow-left|badge-check|check|chevron-down|eye-off|flag|lock-open|send|star|user-round)\.mjs$|[\\/]src[\\/]components[\\/]ui[\\/]card\.tsx$|[\\/]packages[\\/]domain[\\/]src[\\/]assets[\\/]messages\.ts$/;
/**
 * The asset page's route module: it and the modules it imports form one chunk, named `asset-page`
 * (the server preloads it by that name: apps/server/src/plugins/web.ts).
 */
const ASSET_PAGE = /[\\/]src[\\/]app[\\/]AssetDetailRoute\.tsx$/;

/**
 * Installable and readable offline (issue 20 item 1, ADR 023): the web app manifest and, in production
 * builds only, the service worker src/sw.ts (Workbox, injectManifest: the build lists the files to
 * precache into it). The page registers it itself, after the first paint (src/app/pwa.ts).
 */
const pwa = VitePWA({
  strategies: "injectManifest",
  srcDir: "src",
  filename: "sw.ts",
  registerType: "prompt",
  injectRegister: false,
  manifestFilename: "manifest.webmanifest",
  // The glob below already takes them (and the plugin adds the manifest itself).
  includeManifestIcons: false,
  manifest: {
    id: "/",
    name: "Valoriza",
    short_name: "Valoriza",
    description: "Mercado colaborativo de activos y créditos para Colombia.",
    lang: "es-CO",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#0f766e",
    background_color: "#f8fafc",
    categories: ["finance", "shopping"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  injectManifest: {
    // The app shell: every bundle, style, page and icon of the build (not the .br/.gz twins, not Vite's manifest).
    globPatterns: ["**/*.{js,css,html,svg,png}"],
    globIgnores: ["**/node_modules/**", ".vite/**", "sw.js"],
    maximumFileSizeToCacheInBytes: 1024 * 1024,
    rollupFormat: "iife",
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), domainTreeShaking(), pwa, precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // dist/.vite/manifest.json: the server preloads the asset page's modules from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Every module the first load needs in one chunk beside the entry, instead of a dozen small
        // shared chunks (icons of 200 bytes among them): on a phone's connection each request of the
        // first load waits for one of a few connections (issue 21: the first second).
        codeSplitting: {
          groups: [
            { name: "app", tags: ["$initial"], priority: 3 },
            { name: "shared", test: SHARED_SMALL, priority: 2 },
            // An asset's page is where shared links land: its route comes as one file, not 19 (its
            // shared modules come with it to the few pages that use them too).
            { name: "asset-page", test: ASSET_PAGE, priority: 1 },
          ],
        },
      },
    },
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
