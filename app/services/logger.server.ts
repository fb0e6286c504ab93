import pino, { type Logger } from "pino";
import type { Config } from "./env.server";

export type { Logger };

/**
 * JSON logs in production, pretty ones in development. Anything that could carry
 * a secret (cookies, authorization, passwords, keys) is redacted at the source.
 */
export function createLogger(config: Pick<Config, "env" | "logLevel">): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: [
        "*.password",
        "*.passwordHash",
        "*.apiKey",
        "*.token",
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
      ],
      censor: "[redacted]",
    },
    ...(config.env === "development" ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}
