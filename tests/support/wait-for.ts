/**
 * Calls `probe` every `intervalMs` until it returns a value other than undefined; rejects after `timeoutMs` with
 * `message` and the last value seen.
 */
export async function waitFor<T>(
  message: string,
  probe: () => Promise<T | undefined> | T | undefined,
  { timeoutMs, intervalMs = 200 }: { timeoutMs: number; intervalMs?: number },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() >= deadline) {
      throw new Error(`${message}: not within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ""}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
