import { z } from "zod";

/** A `?page=` value: a positive integer, 1 when missing or malformed (a bad page number is not an error). */
const PageNumber = z.coerce.number().int().min(1).max(10_000).catch(1);

export function parsePageParam(url: URL | string): number {
  return PageNumber.parse(new URL(url).searchParams.get("page") ?? undefined);
}
