import type { ChatCompletionsServer, ContentReply, ErrorReply, RecordedChatRequest } from "../fakes/chat-completions-server";

/**
 * What the Article Generation spec feeds the fake chat-completions server: article replies a model could
 * have written (long enough, with distinct titles so the duplicate check lets each one through), the
 * provider's error answers for each failure class, and readers for what the server sent the fake.
 */

/** A key in the spec's OpenAI format, typed into the form. */
export const FORM_KEY = "sk-e2e-typed-0123456789abcdef";
/** The key a server holds in OPENAI_API_KEY. */
export const SERVER_KEY = "sk-e2e-server-0123456789abcdef";

/** The headline of a generated article. Titles differ in their first 30 characters and in their words. */
export interface Story {
  title: string;
  excerpt: string;
}

/** About 50 words per paragraph, 18 paragraphs: a body of some 900 words, as the prompt asks (800-1200). */
export function articleBody(story: Story, extra = ""): string {
  const paragraph =
    `${story.excerpt} Editors reviewing this draft should compare each claim with the linked reports before ` +
    "anything reaches readers, because the newsroom only publishes what trusted outlets reported during the past week.";
  const paragraphs = (count: number) => Array.from({ length: count }, () => paragraph).join("\n\n");
  const section = (heading: string) => `## **${heading}**\n\n${paragraphs(5)}`;
  return [paragraphs(3), section("What happened"), section("Why it matters"), extra, section("What comes next")]
    .filter(Boolean)
    .join("\n\n");
}

/** A model's JSON reply with the article and the numbers of the news items it used. */
export function articleReply(
  story: Story,
  { usedItems = [1], extraContent = "", delayMs }: { usedItems?: number[]; extraContent?: string; delayMs?: number } = {},
): ContentReply {
  const content = JSON.stringify({
    title: story.title,
    excerpt: story.excerpt,
    content: articleBody(story, extraContent),
    used_items: usedItems,
  });
  return delayMs === undefined ? { content } : { content, delayMs };
}

/** OpenAI's answers for the failure classes of spec section 8, as its API sends them. */
export const PROVIDER_ERRORS = {
  invalidKey: {
    status: 401,
    error: {
      message:
        "Incorrect API key provided: sk-e2e-*****cdef. You can find your API key at https://platform.openai.com/account/api-keys.",
      type: "invalid_request_error",
      code: "invalid_api_key",
    },
  },
  quota: {
    status: 429,
    error: {
      message: "You exceeded your current quota, please check your plan and billing details.",
      type: "insufficient_quota",
      code: "insufficient_quota",
    },
    headers: { "retry-after-ms": "1" },
  },
  rateLimit: {
    status: 429,
    error: {
      message: "Rate limit reached for gpt-4o in organization org-e2e on requests per min (RPM): Limit 3, Used 3, Requested 1.",
      type: "requests",
      code: "rate_limit_exceeded",
    },
    // Milliseconds before the SDK's retry, so exhausting its two retries takes no time.
    headers: { "retry-after-ms": "1" },
  },
  modelNotFound: {
    status: 404,
    error: {
      message: "The model `gpt-4o` does not exist or you do not have access to it.",
      type: "invalid_request_error",
      code: "model_not_found",
    },
  },
} as const satisfies Record<string, ErrorReply>;

/** The chat-completion requests the fake received, oldest first. */
export function completionRequests(chat: ChatCompletionsServer): RecordedChatRequest[] {
  return chat.requests.filter((request) => request.method === "POST" && request.path.endsWith("/chat/completions"));
}

/** The one user message of a completion request: the prompt. */
export function promptOf(request: RecordedChatRequest): string {
  const body = request.body as { messages?: { role: string; content: unknown }[] } | null;
  const content = body?.messages?.[0]?.content;
  return typeof content === "string" ? content : "";
}

/** A news item as the prompt lists it: "[n] Outlet — Title (YYYY-MM-DD)", then its URL. */
export interface PromptItem {
  number: number;
  outlet: string;
  title: string;
  url: string;
}

export function promptItems(prompt: string): PromptItem[] {
  return [...prompt.matchAll(/^\[(\d+)\] (.+?) — (.+) \(\d{4}-\d{2}-\d{2}\)\n(\S+)$/gm)].map(
    ([, number, outlet, title, url]) => ({
      number: Number(number),
      outlet: outlet!,
      title: title!,
      url: url!,
    }),
  );
}
