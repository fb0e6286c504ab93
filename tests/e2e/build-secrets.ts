import path from "node:path";
import { PROJECT_ROOT } from "../support/server-process";

/**
 * Made-up secrets the e2e build runs with (tests/e2e/build-with-secrets.ts), so client-assets.spec.ts can
 * prove no value from the build's environment ended up in what browsers download. None of them is real.
 */
export const BUILD_SECRETS = {
  ADMIN_PASSWORD: "sentinel-admin-password-6d1f0c2e",
  OPENAI_API_KEY: "sk-sentinel-openai-4b7e9a13c2d8f650",
  PERPLEXITY_API_KEY: "pplx-sentinel-perplexity-93e1a7b5",
  SESSION_SECRET: "sentinel-session-secret-c58a2f94",
  DATABASE_URL: "postgres://sentinel-user:sentinel-db-password-1e8b@db.invalid:5432/byline",
  SMTP_URL: "smtp://sentinel-mailer:sentinel-smtp-password-7a3d@smtp.invalid:587",
} as const;

/** Written next to the build by the build step: which build saw the secrets. */
export const BUILD_MARKER = path.join(PROJECT_ROOT, "build", "e2e-build-secrets.json");

/** The server bundle; its modification time identifies one build. */
export const SERVER_BUNDLE = path.join(PROJECT_ROOT, "build", "server", "index.js");

export interface BuildMarker {
  secrets: string[];
  serverBundleModifiedMs: number;
}
