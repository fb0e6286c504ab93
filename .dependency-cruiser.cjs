/**
 * The layers of app/ and server/ and what each may import (docs/architecture.md). `npm run lint` runs this over every
 * import, type-only imports included: no import runs up a layer, and no module imports itself round a circle.
 * From the bottom: domain; utils; validation; db; emails; services; components and islands; routes and the
 * document shell; server.
 */
const layer = (folders) => `^app/(?:${folders.join("|")})/`;
const APP_ROOT_FILES = "^app/[^/]+\\.tsx?$";
const SERVER = "^server/";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A circle of imports: cut it where one side only needs a type or a rule that belongs lower down.",
      severity: "error",
      from: { path: "^(?:app|server)/" },
      to: { circular: true },
    },
    {
      name: "domain-imports-nothing-of-ours",
      comment: "app/domain is the bottom layer: the rules and data types every other layer shares.",
      severity: "error",
      from: { path: layer(["domain"]) },
      to: { path: "^(?:app|server)/", pathNot: layer(["domain"]) },
    },
    {
      name: "utils-are-helpers",
      comment: "app/utils holds helpers (dates, csv, http, text): they may use the domain, nothing above it.",
      severity: "error",
      from: { path: layer(["utils"]) },
      to: { path: "^(?:app|server)/", pathNot: layer(["domain", "utils"]) },
    },
    {
      name: "validation-below-the-database",
      comment: "app/validation is what forms and the server both check: domain and helpers only.",
      severity: "error",
      from: { path: layer(["validation"]) },
      to: { path: "^(?:app|server)/", pathNot: layer(["domain", "utils", "validation"]) },
    },
    {
      name: "schema-below-services",
      comment: "app/db is the schema and the driver: it stores the domain's values, and knows nothing of who uses them.",
      severity: "error",
      from: { path: layer(["db"]) },
      to: { path: "^(?:app|server)/", pathNot: layer(["domain", "db"]) },
    },
    {
      name: "emails-are-views",
      comment: "An e-mail is rendered from the data a service hands it, like a component.",
      severity: "error",
      from: { path: layer(["emails"]) },
      to: { path: "^(?:app|server)/", pathNot: layer(["domain", "utils", "validation", "emails"]) },
    },
    {
      name: "services-below-the-ui",
      comment: "Services are the rules; routes, components and the server call them, never the reverse.",
      severity: "error",
      from: { path: layer(["services"]) },
      to: { path: `${layer(["components", "islands", "routes"])}|${APP_ROOT_FILES}|${SERVER}` },
    },
    {
      name: "services-never-import-the-composition-root",
      comment:
        "app/services/index.server.ts imports every service: a service that took anything from it, even a type, would close a circle through all of them. Import from the module itself.",
      severity: "error",
      from: { path: layer(["services"]), pathNot: "^app/services/index\\.server\\.ts$" },
      to: { path: "^app/services/index\\.server\\.ts$" },
    },
    {
      name: "ui-never-reaches-the-server",
      comment: "Components and islands run in the browser too: data comes from a route's loader, never a service.",
      severity: "error",
      from: { path: layer(["components", "islands"]) },
      to: { path: `${layer(["services", "db", "emails", "routes"])}|${SERVER}` },
    },
    {
      name: "islands-are-not-react",
      comment: "The islands script enhances markup the components rendered; it does not import them.",
      severity: "error",
      from: { path: layer(["islands"]) },
      to: { path: layer(["components"]) },
    },
    {
      name: "app-below-the-server",
      comment: "server/ builds the services and hands requests to the routes; nothing in app/ knows of it.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: SERVER },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(?:^|/)(?:build|node_modules|\\.react-router)/|\\.test\\.tsx?$" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
