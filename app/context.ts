import { createContext } from "react-router";
import type { Services } from "./services/index.server";

/** The services built at start-up, handed to every loader and action. */
export const servicesContext = createContext<Services>();

/** Per-request values the server computes before rendering. */
export interface RequestInfo {
  /** The Content-Security-Policy nonce for this response's inline scripts. */
  nonce: string;
  /** The client's address (behind a trusted proxy, the forwarded one), for per-client rate limits. */
  clientAddress: string;
  /** The request's User-Agent, without control characters and at most 400 characters: the security log's "browser". */
  userAgent: string;
}

export const requestContext = createContext<RequestInfo>();
