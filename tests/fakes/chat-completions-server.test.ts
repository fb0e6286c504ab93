import { afterEach, describe, expect, it, vi } from "vitest";
import { startChatCompletionsServer, type ChatCompletionsServer } from "./chat-completions-server";

const KEY = "sk-test-1234567890";

let server: ChatCompletionsServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options?: Parameters<typeof startChatCompletionsServer>[0]): Promise<ChatCompletionsServer> {
  server = await startChatCompletionsServer(options);
  return server;
}

function complete(baseUrl: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${KEY}` }) {
  return fetch(`${baseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

const ask = (model: string, question: string) => ({ model, messages: [{ role: "user", content: question }] });

describe("startChatCompletionsServer", () => {
  it("listens on 127.0.0.1 with a base URL ending in /v1", async () => {
    const fake = await start();
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it("answers scripted content in FIFO order as chat.completion objects echoing the model", async () => {
    const fake = await start();
    fake.script([{ content: "first answer" }, { content: "second answer" }]);

    const first = await complete(fake.url, ask("gpt-4o-mini", "one?"));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/json");
    const firstBody = (await first.json()) as Record<string, unknown>;
    expect(firstBody).toEqual({
      id: expect.stringMatching(/^chatcmpl-/),
      object: "chat.completion",
      created: expect.any(Number),
      model: "gpt-4o-mini",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: "first answer", refusal: null },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 3, total_tokens: 4 },
      system_fingerprint: null,
    });
    expect(Math.abs((firstBody.created as number) - Date.now() / 1000)).toBeLessThan(60);

    const second = (await (await complete(fake.url, ask("sonar-pro", "two?"))).json()) as Record<string, unknown>;
    expect(second.model).toBe("sonar-pro");
    expect(second.choices).toEqual([
      {
        index: 0,
        message: { role: "assistant", content: "second answer", refusal: null },
        logprobs: null,
        finish_reason: "stop",
      },
    ]);
    expect(second.id).not.toBe(firstBody.id);
    expect(fake.pendingReplies()).toBe(0);
  });

  it("also answers on /chat/completions without the /v1 prefix (Perplexity-style base URL)", async () => {
    const fake = await start();
    fake.script({ content: "no prefix" });
    const response = await complete(fake.url.replace(/\/v1$/, ""), ask("sonar", "hi"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]?.message.content).toBe("no prefix");
    expect(fake.requests[0]?.path).toBe("/chat/completions");
  });

  it("returns the OpenAI error shape with the scripted status and retry-after header", async () => {
    const fake = await start();
    fake.script([
      {
        status: 429,
        error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" },
        headers: { "retry-after": "7" },
      },
      { status: 503, error: { message: "Overloaded" } },
      { content: "recovered" },
    ]);

    const limited = await complete(fake.url, ask("gpt-4o", "hi"));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(await limited.json()).toEqual({
      error: { message: "Rate limit reached", type: "requests", param: null, code: "rate_limit_exceeded" },
    });

    const overloaded = await complete(fake.url, ask("gpt-4o", "hi"));
    expect(overloaded.status).toBe(503);
    expect(await overloaded.json()).toEqual({ error: { message: "Overloaded", type: "server_error", param: null, code: null } });

    const recovered = (await (await complete(fake.url, ask("gpt-4o", "hi"))).json()) as {
      choices: Array<{ message: { content: string } }>;
    };
    expect(recovered.choices[0]?.message.content).toBe("recovered");
  });

  it("rejects a missing bearer token with an OpenAI-style 401 without consuming the script", async () => {
    const fake = await start();
    fake.script({ content: "kept" });
    const response = await complete(fake.url, ask("gpt-4o", "hi"), {});
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: Record<string, unknown> };
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.param).toBeNull();
    expect(body.error.code).toBeNull();
    expect(body.error.message).toMatch(/^You didn't provide an API key/);
    expect(fake.pendingReplies()).toBe(1);
  });

  it("drops the replies no request consumed when told to, and answers the next request from what is scripted after", async () => {
    const fake = await start();
    fake.script([{ content: "left over" }, { content: "also left over" }]);
    fake.clearScript();
    expect(fake.pendingReplies()).toBe(0);
    fake.script({ content: "fresh" });
    const response = await complete(fake.url, ask("gpt-4o", "hi"));
    const body = (await response.json()) as { choices: { message: { content: string } }[] };
    expect(body.choices[0]?.message.content).toBe("fresh");
  });

  it("rejects a bearer token that does not match the configured apiKey", async () => {
    const fake = await start({ apiKey: KEY });
    fake.script({ content: "secret" });
    const wrong = await complete(fake.url, ask("gpt-4o", "hi"), { authorization: "Bearer sk-wrong-key-abcd" });
    expect(wrong.status).toBe(401);
    const body = (await wrong.json()) as { error: Record<string, unknown> };
    expect(body.error).toEqual({
      message:
        "Incorrect API key provided: sk-*****abcd. You can find your API key at https://platform.openai.com/account/api-keys.",
      type: "invalid_request_error",
      param: null,
      code: "invalid_api_key",
    });
    const right = await complete(fake.url, ask("gpt-4o", "hi"));
    expect(right.status).toBe(200);
  });

  it("answers 500 with 'No scripted reply left' when the script is empty", async () => {
    const fake = await start();
    const response = await complete(fake.url, ask("gpt-4o", "hi"));
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.message).toMatch(/^No scripted reply left/);
    expect(body.error.type).toBe("server_error");
  });

  it("records method, path, headers and parsed body of every request before answering", async () => {
    const fake = await start();
    fake.script({ content: "ok" });
    const payload = {
      model: "gpt-4o-mini",
      temperature: 0.2,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hi" },
      ],
    };
    await complete(fake.url, payload);
    await fetch(`${fake.url}/models`, { headers: { authorization: `Bearer ${KEY}` } });

    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]).toMatchObject({ method: "POST", path: "/v1/chat/completions", body: payload });
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(fake.requests[0]?.headers["content-type"]).toBe("application/json");
    expect(fake.requests[1]).toMatchObject({ method: "GET", path: "/v1/models", body: null });
  });

  it("passes the validated request to function replies", async () => {
    const fake = await start();
    fake.script((request) => ({ content: `${request.body.model} got ${request.body.messages.length} message(s)` }));
    const body = (await (await complete(fake.url, ask("gpt-4o", "hi"))).json()) as {
      choices: Array<{ message: { content: string } }>;
    };
    expect(body.choices[0]?.message.content).toBe("gpt-4o got 1 message(s)");
  });

  it("answers late when a reply has delayMs, so client timeouts can be tested", async () => {
    const fake = await start();
    fake.script([{ delayMs: 1_000, content: "too late" }, { content: "on time" }]);
    const client = new AbortController();
    const late = fetch(`${fake.url}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify(ask("gpt-4o", "hi")),
      signal: client.signal,
    });
    // The fake has the request and holds its reply: the client gives up first, as a client timeout would.
    await vi.waitFor(() => expect(fake.requests.map((request) => request.path)).toEqual(["/v1/chat/completions"]));
    client.abort(new DOMException("The operation timed out.", "TimeoutError"));
    await expect(late).rejects.toThrow(/timed out/);
    const next = await complete(fake.url, ask("gpt-4o", "hi"));
    expect(((await next.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]?.message.content).toBe(
      "on time",
    );
  });

  it("rejects an invalid chat request body with 400", async () => {
    const fake = await start();
    fake.script({ content: "unused" });
    const response = await complete(fake.url, { messages: [{ role: "user", content: "no model" }] });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.message).toContain("'model'");
    expect(fake.pendingReplies()).toBe(1);
  });

  it("lists models on GET /v1/models", async () => {
    const fake = await start({ models: ["gpt-4o-mini", "sonar"] });
    const response = await fetch(`${fake.url}/models`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      object: "list",
      data: [
        { id: "gpt-4o-mini", object: "model", created: 1_700_000_000, owned_by: "system" },
        { id: "sonar", object: "model", created: 1_700_000_000, owned_by: "system" },
      ],
    });
  });

  it("streams chat.completion.chunk events ending in [DONE] when stream is true", async () => {
    const fake = await start();
    fake.script({ content: "streamed text" });
    const response = await complete(fake.url, { ...ask("gpt-4o", "hi"), stream: true, stream_options: { include_usage: true } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = (await response.text())
      .split("\n\n")
      .filter((event) => event.length > 0)
      .map((event) => event.replace(/^data: /, ""));
    expect(events.at(-1)).toBe("[DONE]");
    const chunks = events.slice(0, -1).map(
      (event) =>
        JSON.parse(event) as {
          object: string;
          choices: Array<{ delta: { content?: string }; finish_reason: string | null }>;
          usage?: unknown;
        },
    );
    expect(chunks.every((chunk) => chunk.object === "chat.completion.chunk")).toBe(true);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? "").join("")).toBe("streamed text");
    expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason ?? null)).toEqual([null, null, "stop", null]);
    expect(chunks.at(-1)?.usage).toEqual({ prompt_tokens: 1, completion_tokens: 4, total_tokens: 5 });
  });

  it("answers unknown paths with a 404 JSON error", async () => {
    const fake = await start();
    const response = await fetch(`${fake.url}/embeddings`, { method: "POST", headers: { authorization: `Bearer ${KEY}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { message: "Invalid URL (POST /v1/embeddings)", type: "invalid_request_error", param: null, code: null },
    });
  });

  it("close() frees the port", async () => {
    const fake = await start();
    await fake.close();
    server = undefined;
    await expect(fetch(`${fake.url}/models`)).rejects.toMatchObject({ cause: { code: "ECONNREFUSED" } });
  });
});
