/*
 * A section's badge, without React and without zod, so the islands script draws it exactly as the CategoryBadge
 * component does (the header's quick results). Its colours are a rule per section in the page's head, written by
 * sectionStyle (app/validation/sections.ts, decision 042).
 */

/** The class that gives a badge its section's colours. */
export const sectionBadgeClass = (id: number) => `section-badge-${id}`;

/** The classes of a section's badge, by the section's id (plain grey for a section that has just gone). */
export function categoryBadgeClass(sectionId: number | undefined): string {
  const colours =
    sectionId === undefined ? "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100" : sectionBadgeClass(sectionId);
  return `inline-block w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours}`;
}

/** The id of the section with this name, for its badge. */
export function sectionIdOf(sections: readonly { id: number; name: string }[], name: string): number | undefined {
  return sections.find((section) => section.name === name)?.id;
}
