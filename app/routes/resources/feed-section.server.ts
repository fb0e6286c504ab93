import { data, redirect } from "react-router";
import type { Services } from "~/services/index.server";

/**
 * The section a feed's address names (`/category/{slug}/rss.xml`, `/category/{slug}/feed.json`), or undefined for the
 * site's feed. A feed of an address the section moved away from answers 301 to the same feed at the new one; an
 * unknown section is a 404.
 */
export async function feedSection(
  slug: string | undefined,
  request: Request,
  { sections, oldAddresses }: Pick<Services, "sections" | "oldAddresses">,
): Promise<string | undefined> {
  if (slug === undefined) return undefined;
  const section = sections.bySlug(slug);
  if (section) return section.name;
  const movedTo = await oldAddresses.movedTo(new URL(request.url).pathname);
  if (movedTo !== null) throw redirect(movedTo, 301);
  throw data(null, { status: 404 });
}
