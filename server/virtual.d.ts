declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

declare module "virtual:byline/islands" {
  /** The address of the reader pages' islands script (vite.config.ts). */
  const src: string;
  export default src;
}
