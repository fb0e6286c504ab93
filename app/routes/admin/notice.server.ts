import { createCookie } from "react-router";
import { z } from "zod";
import type { Notice as NoticeShape } from "~/components/admin/notice-message";

/** A one-time message for the next admin page, such as "Article published successfully". */
export const Notice = z.object({
  kind: z.enum(["success", "error"]),
  text: z.string().max(500),
}) satisfies z.ZodType<NoticeShape>;
export type Notice = z.infer<typeof Notice>;

// A flash cookie: set by an action that redirects, read and cleared by the page it redirects to.
// It holds only our own message text, so it needs no signature; a forged one can only show its
// owner a message in their own browser, and it is rendered as text.
const noticeCookie = createCookie("byline_notice", { path: "/admin", httpOnly: true, sameSite: "lax", maxAge: 60 });

/** The Set-Cookie header that carries a notice to the next page. */
export async function noticeHeaders(notice: Notice): Promise<HeadersInit> {
  return { "Set-Cookie": await noticeCookie.serialize(notice) };
}

/** The notice waiting for this request, if any, and the header that clears it. */
export async function takeNotice(request: Request): Promise<{ notice: Notice | null; headers: HeadersInit }> {
  const cookieHeader = request.headers.get("Cookie");
  const parsed = Notice.safeParse(await noticeCookie.parse(cookieHeader).catch(() => null));
  if (!cookieHeader?.includes("byline_notice=")) return { notice: null, headers: {} };
  return {
    notice: parsed.success ? parsed.data : null,
    headers: { "Set-Cookie": await noticeCookie.serialize("", { maxAge: 0, expires: new Date(0) }) },
  };
}
