import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { z } from "zod";
import { closeHttpServer, listenOnLoopback } from "./loopback";

/**
 * A fake OpenAI-compatible chat-completions API for tests: scripted replies, recorded requests,
 * OpenAI-shaped errors. It answers on both `/v1/...` and bare `/...` paths, so OpenAI-style
 * (`http://host/v1`) and Perplexity-style (`http://host`) base URLs both work.
 */

/** One HTTP request as the fake received it. Header names are lower-case; `body` is the parsed JSON, or null. */
export interface RecordedChatRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A chat message as sent by the client; extra fields are kept. */
export interface ChatMessage {
  role: string;
  content: unknown;
  [key: string]: unknown;
}

/** The body of a valid `POST /chat/completions` request; extra fields (temperature, stream...) are kept. */
export interface ChatCompletionRequestBody {
  model: string;
  messages: ChatMessage[];
  stream?: boolean | null | undefined;
  [key: string]: unknown;
}

/** What a function reply receives: the recorded request with its body already validated. */
export interface ChatCompletionRequest extends RecordedChatRequest {
  body: ChatCompletionRequestBody;
}

/** A successful answer; `delayMs` makes the server wait first (to test client timeouts). */
export interface ContentReply {
  content: string;
  delayMs?: number;
}

/** An OpenAI-shaped error answer with this HTTP status, e.g. 401, 429 (with a `retry-after` header) or 500. */
export interface ErrorReply {
  status: number;
  error: { message: string; type?: string; code?: string | null };
  headers?: Record<string, string>;
  delayMs?: number;
}

/** A static reply. */
export type StaticChatReply = ContentReply | ErrorReply;

/** A scripted reply: static, or computed from the request. */
export type ChatReply = StaticChatReply | ((request: ChatCompletionRequest) => StaticChatReply);

export interface ChatCompletionsServerOptions {
  /** When set, the bearer token must equal this key (401 `invalid_api_key` otherwise). */
  apiKey?: string;
  /** Model ids listed by `GET /v1/models`. */
  models?: readonly string[];
}

export interface ChatCompletionsServer {
  /** Base URL ending in `/v1`, e.g. `http://127.0.0.1:54321/v1`. */
  url: string;
  /** Every request received, in order, recorded before it is answered. */
  requests: RecordedChatRequest[];
  /** Appends replies to the FIFO script; each chat-completion request consumes one. */
  script(reply: ChatReply | readonly ChatReply[]): void;
  /** How many scripted replies have not been consumed yet. */
  pendingReplies(): number;
  /**
   * Drops the scripted replies no request consumed: a test whose client gave up before its request went out
   * (a short time limit on a busy machine) must not leave its reply to the next test.
   */
  clearScript(): void;
  /** Stops the server, dropping open connections and pending delayed replies. */
  close(): Promise<void>;
}

const DEFAULT_MODELS = ["gpt-4o-mini", "gpt-4o", "sonar"] as const;

const MISSING_KEY_MESSAGE =
  "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).";

const RequestBodySchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })).min(1),
  stream: z.boolean().nullish(),
});

/** The `{ error: {...} }` body OpenAI sends with every non-2xx answer. */
function errorBody(status: number, error: ErrorReply["error"]) {
  return {
    error: {
      message: error.message,
      type: error.type ?? (status >= 500 ? "server_error" : "invalid_request_error"),
      param: null,
      code: error.code ?? null,
    },
  };
}

/** A rough, deterministic token count (about four characters per token). */
function countTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function promptText(messages: readonly ChatMessage[]): string {
  return messages
    .map((message) => (typeof message.content === "string" ? message.content : JSON.stringify(message.content)))
    .join("\n");
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function flattenHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

function isErrorReply(reply: StaticChatReply): reply is ErrorReply {
  return "status" in reply;
}

/** Starts the fake on 127.0.0.1 with a random free port. */
export async function startChatCompletionsServer(options: ChatCompletionsServerOptions = {}): Promise<ChatCompletionsServer> {
  const models = options.models ?? DEFAULT_MODELS;
  const requests: RecordedChatRequest[] = [];
  const queue: ChatReply[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let completionCount = 0;

  function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (response.destroyed || response.writableEnded) return;
    response.writeHead(status, {
      ...headers,
      "content-type": "application/json",
      "x-request-id": `req_${randomUUID().replaceAll("-", "")}`,
    });
    response.end(JSON.stringify(body));
  }

  function sendError(
    response: ServerResponse,
    status: number,
    error: ErrorReply["error"],
    headers?: Record<string, string>,
  ): void {
    sendJson(response, status, errorBody(status, error), headers);
  }

  function later(delayMs: number | undefined, action: () => void): void {
    if (!delayMs || delayMs <= 0) return action();
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, delayMs);
    timers.add(timer);
  }

  function sendCompletion(response: ServerResponse, body: ChatCompletionRequestBody, content: string): void {
    completionCount += 1;
    const id = `chatcmpl-fake${completionCount}`;
    const created = Math.floor(Date.now() / 1000);
    const promptTokens = countTokens(promptText(body.messages));
    const completionTokens = countTokens(content);
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    };

    if (body.stream === true) {
      sendStream(response, { id, created, model: body.model, content, usage, includeUsage: wantsStreamUsage(body) });
      return;
    }
    sendJson(response, 200, {
      id,
      object: "chat.completion",
      created,
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" }],
      usage,
      system_fingerprint: null,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? "GET";
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    const headers = flattenHeaders(request);
    const text = await readBody(request);
    let body: unknown = null;
    let invalidJson = false;
    if (text.length > 0) {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        invalidJson = true;
      }
    }
    const recorded: RecordedChatRequest = { method, path, headers, body };
    requests.push(recorded);

    const route = path.replace(/^\/v1(?=\/)/, "").replace(/\/+$/, "");
    const isCompletions = method === "POST" && route === "/chat/completions";
    const isModels = method === "GET" && route === "/models";
    if (!isCompletions && !isModels) {
      sendError(response, 404, { message: `Invalid URL (${method} ${path})` });
      return;
    }

    const token = /^Bearer\s+(\S.*)$/i.exec(headers.authorization ?? "")?.[1]?.trim();
    if (!token) {
      sendError(response, 401, { message: MISSING_KEY_MESSAGE });
      return;
    }
    if (options.apiKey !== undefined && token !== options.apiKey) {
      const shown = token.length > 8 ? `${token.slice(0, 3)}*****${token.slice(-4)}` : token;
      sendError(response, 401, {
        message: `Incorrect API key provided: ${shown}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        code: "invalid_api_key",
      });
      return;
    }

    if (isModels) {
      sendJson(response, 200, {
        object: "list",
        data: models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "system" })),
      });
      return;
    }

    if (invalidJson) {
      sendError(response, 400, {
        message:
          "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)",
      });
      return;
    }
    const parsed = RequestBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? issue.path.join(".") : "body";
      sendError(response, 400, { message: `Invalid request body at '${where}': ${issue?.message ?? "invalid"}` });
      return;
    }

    const next = queue.shift();
    if (next === undefined) {
      sendError(response, 500, { message: "No scripted reply left: call script() before this request" });
      return;
    }
    const chatRequest: ChatCompletionRequest = { ...recorded, body: parsed.data };
    const reply = typeof next === "function" ? next(chatRequest) : next;
    later(reply.delayMs, () => {
      if (isErrorReply(reply)) sendError(response, reply.status, reply.error, reply.headers);
      else sendCompletion(response, parsed.data, reply.content);
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      sendError(response, 500, { message: `Fake chat server failed: ${message}` });
    });
  });
  const port = await listenOnLoopback(server);

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(reply) {
      if (Array.isArray(reply)) queue.push(...(reply as readonly ChatReply[]));
      else queue.push(reply as ChatReply);
    },
    pendingReplies: () => queue.length,
    clearScript: () => void queue.splice(0),
    close: () => closeHttpServer(server, timers),
  };
}

function wantsStreamUsage(body: ChatCompletionRequestBody): boolean {
  const streamOptions = body.stream_options;
  return (
    typeof streamOptions === "object" &&
    streamOptions !== null &&
    "include_usage" in streamOptions &&
    streamOptions.include_usage === true
  );
}

interface StreamParts {
  id: string;
  created: number;
  model: string;
  content: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  includeUsage: boolean;
}

/** Answers `stream: true` requests with server-sent `chat.completion.chunk` events ending in `[DONE]`, as OpenAI does. */
function sendStream(response: ServerResponse, parts: StreamParts): void {
  if (response.destroyed || response.writableEnded) return;
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const chunk = (choices: unknown[], usage: StreamParts["usage"] | null = null) => ({
    id: parts.id,
    object: "chat.completion.chunk",
    created: parts.created,
    model: parts.model,
    system_fingerprint: null,
    choices,
    ...(parts.includeUsage ? { usage } : {}),
  });
  const events = [
    chunk([{ index: 0, delta: { role: "assistant", content: "", refusal: null }, logprobs: null, finish_reason: null }]),
    chunk([{ index: 0, delta: { content: parts.content }, logprobs: null, finish_reason: null }]),
    chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: "stop" }]),
    ...(parts.includeUsage ? [chunk([], parts.usage)] : []),
  ];
  for (const event of events) response.write(`data: ${JSON.stringify(event)}\n\n`);
  response.end("data: [DONE]\n\n");
}
