import pino, { type Logger } from "pino";
import type { Config } from "./env.server";

export type { Logger };

/**
 * JSON logs in production, pretty ones in development. Anything that could carry
 * a secret (cookies, authorization, passwords, keys) is redacted at the source,
 * and errors are logged without the values their queries were given (`serializeError`).
 */
export function createLogger(config: Pick<Config, "env" | "logLevel">, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    serializers: { err: serializeError },
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
  };
  if (destination) return pino(options, destination);
  return pino({
    ...options,
    ...(config.env === "development" ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}

/** pino's error serializer, given the error after `withoutQueryValues`. */
export function serializeError(error: unknown): unknown {
  return error instanceof Error ? pino.stdSerializers.err(withoutQueryValues(error)) : error;
}

/**
 * Fields of database errors that hold the values a query was given or the row it touched: drizzle's and
 * PGlite's `params`, PostgreSQL's `detail` ("Key (email)=(reader@example.com) already exists.") and `where`.
 */
const VALUE_FIELDS = new Set(["params", "parameters", "detail", "where"]);
const MAX_CAUSES = 8;

/**
 * A copy of an error (and of its causes) without the values of the failed query: drizzle's "Failed query:
 * ... params: reader@example.com" keeps its SQL (placeholders only) and loses its params, in the message and
 * the stack alike; PostgreSQL's fields that quote row values are dropped, and "invalid input syntax for type
 * integer: "..."" loses the quoted input. Logs then never carry the e-mail addresses or usernames that were
 * being written. The copy keeps the error's class, so logs still name it.
 */
export function withoutQueryValues(error: Error, depth = 0): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(key) || key === "cause") continue;
    copy[key] = value instanceof Error && depth < MAX_CAUSES ? withoutQueryValues(value, depth + 1) : value;
  }
  const message = scrubMessage(error);
  Object.defineProperty(copy, "name", { value: error.name, enumerable: false, writable: true, configurable: true });
  Object.defineProperty(copy, "message", { value: message, enumerable: false, writable: true, configurable: true });
  const stack = error.stack?.includes(error.message)
    ? error.stack.replace(error.message, () => message)
    : (error.stack ?? `${error.name}: ${message}`);
  Object.defineProperty(copy, "stack", { value: stack, enumerable: false, writable: true, configurable: true });
  if (error.cause !== undefined) {
    const cause =
      error.cause instanceof Error && depth < MAX_CAUSES ? withoutQueryValues(error.cause, depth + 1) : "[cause not logged]";
    Object.defineProperty(copy, "cause", { value: cause, enumerable: false, writable: true, configurable: true });
  }
  return copy;
}

/**
 * A failure in one line for a person at a terminal: PostgreSQL's reason rather than drizzle's "Failed query:"
 * (which holds the whole SQL, every row of a batch insert), without any of the values.
 */
export function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const reason = error.message.startsWith("Failed query:") && error.cause instanceof Error ? error.cause : error;
  return withoutQueryValues(reason).message;
}

function scrubMessage(error: Error): string {
  let message = error.message;
  // drizzle: `Failed query: ${query}\nparams: ${params}`; the params run to the end of the message.
  const paramsAt = message.indexOf("\nparams: ");
  if (paramsAt >= 0) message = message.slice(0, paramsAt);
  // PostgreSQL quotes the refused input at the end of these messages.
  return message.replace(/^(invalid input (?:syntax|value) for [^:]*): ".*"$/s, '$1: "[value not logged]"');
}
