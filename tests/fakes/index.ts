/** Reusable test fakes: an OpenAI-compatible chat server, an SMTP sink and an RSS/Atom feed server. */
export * from "./chat-completions-server";
export * from "./feed-server";
export * from "./smtp-sink";
