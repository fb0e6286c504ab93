/** Reusable test fakes: an OpenAI-compatible chat server, an SMTP sink, an RSS/Atom feed server and a WebSub hub. */
export * from "./chat-completions-server";
export * from "./feed-server";
export * from "./smtp-sink";
export * from "./websub-hub";
