/**
 * Boundaries by path (issue 18 item 4, ADR 004): `npm run lint` runs this after Biome.
 * Import-text rules can be bypassed by a deeper relative path; these rules look at resolved paths.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "web-features-apart",
      comment:
        "A web feature never imports another one: shared pieces live in src/components, src/lib or @valoriza/domain.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-shared-below-features",
      comment: "src/components and src/lib are below the features: they never import one.",
      severity: "error",
      from: { path: "^apps/web/src/(components|lib)/" },
      to: { path: "^apps/web/src/features/" },
    },
    {
      name: "server-areas-through-index",
      comment: "A server area reaches another only through its index.ts (or a *.testkit.ts in tests).",
      severity: "error",
      from: { path: "^apps/server/src/modules/([^/]+)/" },
      to: {
        path: "^apps/server/src/modules/",
        pathNot: ["^apps/server/src/modules/$1/", "^apps/server/src/modules/[^/]+/index\\.ts$", "\\.testkit\\.ts$"],
      },
    },
    {
      name: "server-outside-through-index",
      comment: "The app, the database and the libraries reach an area only through its index.ts.",
      severity: "error",
      from: { path: "^apps/server/(src|scripts)/", pathNot: ["^apps/server/src/modules/", "\\.test\\.ts$"] },
      to: {
        path: "^apps/server/src/modules/",
        pathNot: ["^apps/server/src/modules/[^/]+/index\\.ts$", "\\.testkit\\.ts$"],
      },
    },
    {
      name: "domain-stands-alone",
      comment: "The domain package imports neither app.",
      severity: "error",
      from: { path: "^packages/domain/" },
      to: { path: "^apps/" },
    },
    {
      name: "apps-apart",
      comment: "The web never imports the server, nor the server the web.",
      severity: "error",
      from: { path: "^apps/(web|server)/" },
      to: { path: "^apps/(web|server)/", pathNot: "^apps/$1/" },
    },
    {
      name: "no-circular",
      comment: "No import cycles at run time (a type-only import is erased and cannot make one).",
      severity: "error",
      from: { path: "^(apps|packages)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
