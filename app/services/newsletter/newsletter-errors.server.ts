import { NOT_GENERATED_TEXT } from "../../validation/newsletter-issue";

/**
 * The newsletter's failures, with spec 001's texts (section 8, "Newsletter"). Code reacts to the code.
 */
export type NewsletterErrorCode =
  | "UNKNOWN_MODEL"
  | "MISSING_KEY"
  | "INVALID_KEY_FORMAT"
  | "CLIENT_FAILED"
  | "NO_ARTICLES"
  | "NOTHING_NEW"
  | "GENERATION_FAILED"
  | "NOT_GENERATED"
  | "NO_SUBSCRIBERS"
  | "SEND_FAILED";

export class NewsletterError extends Error {
  readonly code: NewsletterErrorCode;

  constructor(code: NewsletterErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "NewsletterError";
    this.code = code;
  }
}

export const NEWSLETTER_TEXTS = {
  noArticles: "No articles available for newsletter",
  generationFailed: "Failed to generate newsletter",
  notGenerated: NOT_GENERATED_TEXT,
  noSubscribers: "No active subscribers found",
  sendFailed: "Failed to send newsletter",
  nothingNew: "No new articles since the last newsletter",
} as const;

/** "Failed to initialize {provider} client. Please check your API key." */
export function clientFailedMessage(providerName: string): string {
  return `Failed to initialize ${providerName} client. Please check your API key.`;
}
