import { z } from "zod";
import { PAGE_STATUSES, type PageStatus } from "../domain/pages";
import type * as Page from "../domain/pages";
import { isReservedAddress } from "../utils/reserved-addresses";
import { FormId } from "./form-id";
import { allowedText } from "./text";

/**
 * A page of the site (decision 039): About, Careers, Contact and the policies, and whatever editors add.
 * The same schema checks the editor's form in the browser and again in the action.
 */

export const PAGE_LIMITS = {
  address: 60,
  title: 120,
  heading: 200,
  eyebrow: 60,
  lead: 2_000,
  description: 300,
  body: 100_000,
  rows: 20,
  cell: 200,
  paragraph: 4_000,
} as const;

/** Lower-case letters, digits and "-": one segment under the site's root. */
export const PAGE_ADDRESS_PATTERN = /^[a-z0-9-]{1,60}$/;

export const PAGE_TEXTS = {
  address: "Please enter an address of 1 to 60 lower-case letters (a-z), digits and hyphens, such as ethics.",
  reserved: (address: string) => `The address /${address} is used by the site itself. Please choose another one.`,
  taken: (address: string) => `Another page already has the address /${address}. Please choose another one.`,
  stale: "This page was changed by someone else since you opened it. Nothing was saved: your changes are still in the form.",
  missing: "This page no longer exists.",
  saved: "Page saved.",
  created: "Page created.",
  deleted: "Page deleted. It is kept under Deleted pages, where you can bring it back.",
  undeleted: "Page brought back as a draft.",
  builtIn: "This page is one of the site's own pages: it can be unpublished, not deleted.",
  restored: "Revision restored. The page shows it now, and the restore is kept as a new revision.",
} as const;

/** True for an address a page may take: the character rule, and not one of the site's own routes. */
export function pageAddressProblem(address: string): string | null {
  if (!PAGE_ADDRESS_PATTERN.test(address)) return PAGE_TEXTS.address;
  if (isReservedAddress(address)) return PAGE_TEXTS.reserved(address);
  return null;
}

const line = (label: string, max: number, required = false) => {
  const missing = `Please enter ${label.charAt(0).toLowerCase()}${label.slice(1)}.`;
  const text = z
    .string({ error: missing })
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .check(allowedText(label));
  return required ? text.min(1, missing) : text.default("");
};

const paragraph = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label} can be at most ${max.toLocaleString("en-US")} characters.`)
    .check(allowedText(label, { lines: "multi-line" }))
    .default("");

const rows = <Row extends z.ZodType>(row: Row, label: string) =>
  z.array(row).max(PAGE_LIMITS.rows, `A page can list at most ${PAGE_LIMITS.rows} ${label}.`).default([]);

export const CareerOpening = z.object({
  title: line("The opening's title", PAGE_LIMITS.cell, true),
  department: line("The department", PAGE_LIMITS.cell),
  place: line("The place", PAGE_LIMITS.cell),
  kind: line("The kind of job", PAGE_LIMITS.cell),
  description: paragraph("The description", PAGE_LIMITS.paragraph),
}) satisfies z.ZodType<Page.CareerOpening>;

export const AudienceFigure = z.object({
  value: line("The figure", 40, true),
  label: line("The figure's label", PAGE_LIMITS.cell, true),
}) satisfies z.ZodType<Page.AudienceFigure>;

export const AudienceShare = z.object({
  segment: line("The audience segment", PAGE_LIMITS.cell, true),
  percent: z.coerce
    .number({ error: "Please enter a share from 0 to 100." })
    .int("Please enter a whole number from 0 to 100.")
    .min(0, "Please enter a share from 0 to 100.")
    .max(100, "Please enter a share from 0 to 100."),
}) satisfies z.ZodType<Page.AudienceShare>;

export const AdPackageInput = z.object({
  name: line("The package's name", PAGE_LIMITS.cell, true),
  price: line("The price", PAGE_LIMITS.cell, true),
  summary: line("The summary", PAGE_LIMITS.paragraph),
  /** What is included, one item a line. */
  features: z
    .union([z.array(z.string()), z.string()])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(/\r?\n/)).map((item) => item.trim()).filter((item) => item !== ""),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .max(PAGE_LIMITS.cell, `An included item can be at most ${PAGE_LIMITS.cell} characters.`)
            .check(allowedText("What is included")),
        )
        .max(PAGE_LIMITS.rows, `A package can include at most ${PAGE_LIMITS.rows} items.`),
    ),
}) satisfies z.ZodType<Page.AdPackage>;

/** The fields of the pages with structure; a layout uses its own and keeps the others empty. */
export const PageFields = z.object({
  /** Contact: where the form's message goes; "" sends each subject to its desk's address in the settings. */
  recipient: z
    .string()
    .trim()
    .max(254)
    .refine((value) => value === "" || z.email().safeParse(value).success, "Please enter a valid email address.")
    .default(""),
  openingsIntro: line("The introduction to the openings", PAGE_LIMITS.paragraph),
  openings: rows(CareerOpening, "openings"),
  figures: rows(AudienceFigure, "figures"),
  audienceIntro: line("The introduction to the audience", PAGE_LIMITS.paragraph),
  audience: rows(AudienceShare, "audience segments"),
  packagesIntro: line("The introduction to the packages", PAGE_LIMITS.paragraph),
  packages: rows(AdPackageInput, "packages"),
}) satisfies z.ZodType<Page.PageFields>;

const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

/** What the editor saves: everything a page says, how it is laid out, and whether readers see it. */
export const PageInput = z.object({
  address: z
    .string({ error: PAGE_TEXTS.address })
    .trim()
    .superRefine((value, context) => {
      const problem = pageAddressProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  title: line("The title", PAGE_LIMITS.title, true),
  heading: line("The heading", PAGE_LIMITS.heading),
  eyebrow: line("The label above the heading", PAGE_LIMITS.eyebrow),
  lead: paragraph("The introduction", PAGE_LIMITS.lead),
  description: line("The description", PAGE_LIMITS.description),
  body: paragraph("The body", PAGE_LIMITS.body),
  showContents: checkbox.default(false),
  status: z.enum(PAGE_STATUSES, { error: "Please choose Published or Draft." }),
  fields: PageFields.default(PageFields.parse({})),
});
export type PageInput = z.infer<typeof PageInput>;

/** The version the editor was opened at, so a save cannot overwrite someone else's later one. */
export const PageOpenedAt = z.iso.datetime({ offset: true }).optional();

export const PageId = FormId;

export type PageFieldErrors = Partial<Record<string, string>>;

/** The first message for each field, named as the form names it ("fields.openings.0.title"). */
export function pageFieldErrors(error: z.ZodError): PageFieldErrors {
  const found: PageFieldErrors = {};
  for (const issue of error.issues) {
    const name = formName(issue.path);
    found[name] ??= issue.message;
  }
  return found;
}

/** A field's form name from its path: fields.openings.0.title. */
export function formName(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** The list fields of the form, each with its columns, as the editor names them. */
export const PAGE_ROW_FIELDS = {
  openings: ["title", "department", "place", "kind", "description"],
  figures: ["value", "label"],
  audience: ["segment", "percent"],
  packages: ["name", "price", "summary", "features"],
} as const;

/**
 * The editor's posted fields as the schema reads them: "fields.openings.2.title" and the like become arrays of rows in
 * the order of their numbers (gaps closed), every other name stays as it is.
 */
export function pageFormValues(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  const lists = new Map<string, Map<number, Record<string, string>>>();
  for (const [name, value] of entries) {
    if (typeof value !== "string") continue;
    const row = /^fields\.(openings|figures|audience|packages)\.(\d{1,3})\.([a-z]+)$/i.exec(name);
    if (row) {
      const [, list = "", index = "0", column = ""] = row;
      const byIndex = lists.get(list) ?? new Map<number, Record<string, string>>();
      lists.set(list, byIndex);
      const cells = byIndex.get(Number(index)) ?? {};
      byIndex.set(Number(index), cells);
      cells[column] = value;
    } else if (name.startsWith("fields.")) fields[name.slice("fields.".length)] = value;
    else values[name] = value;
  }
  for (const [list, byIndex] of lists) fields[list] = [...byIndex].sort(([a], [b]) => a - b).map(([, cells]) => cells);
  values.fields = fields;
  return values;
}

/** What the page editor's fields hold, as text (a list's rows as records of text): from a page, or as posted. */
export interface PageFormValues {
  address: string;
  title: string;
  heading: string;
  eyebrow: string;
  lead: string;
  description: string;
  body: string;
  showContents: boolean;
  status: PageStatus;
  fields: {
    recipient: string;
    openingsIntro: string;
    audienceIntro: string;
    packagesIntro: string;
    openings: Record<(typeof PAGE_ROW_FIELDS.openings)[number], string>[];
    figures: Record<(typeof PAGE_ROW_FIELDS.figures)[number], string>[];
    audience: Record<(typeof PAGE_ROW_FIELDS.audience)[number], string>[];
    packages: Record<(typeof PAGE_ROW_FIELDS.packages)[number], string>[];
  };
}

export type PageRowList = keyof typeof PAGE_ROW_FIELDS;

/** The form's values of a saved page. */
export function pageFormValuesOf(page: Omit<PageInput, "address"> & { slug: string }): PageFormValues {
  const { fields } = page;
  return {
    address: page.slug,
    title: page.title,
    heading: page.heading,
    eyebrow: page.eyebrow,
    lead: page.lead,
    description: page.description,
    body: page.body,
    showContents: page.showContents,
    status: page.status,
    fields: {
      recipient: fields.recipient,
      openingsIntro: fields.openingsIntro,
      audienceIntro: fields.audienceIntro,
      packagesIntro: fields.packagesIntro,
      openings: fields.openings.map((opening) => ({ ...opening })),
      figures: fields.figures.map((figure) => ({ ...figure })),
      audience: fields.audience.map((share) => ({ segment: share.segment, percent: String(share.percent) })),
      packages: fields.packages.map((ad) => ({ ...ad, features: ad.features.join("\n") })),
    },
  };
}

/** The form's values as posted (`pageFormValues`), whatever they hold, to show them again beside their errors. */
export function postedPageFormValues(posted: Record<string, unknown>): PageFormValues {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const fields = (posted.fields ?? {}) as Record<string, unknown>;
  const rowsOf = <Column extends string>(list: PageRowList, columns: readonly Column[]) =>
    (Array.isArray(fields[list]) ? (fields[list] as Record<string, unknown>[]) : []).map(
      (row) => Object.fromEntries(columns.map((column) => [column, text(row[column])])) as Record<Column, string>,
    );
  return {
    address: text(posted.address),
    title: text(posted.title),
    heading: text(posted.heading),
    eyebrow: text(posted.eyebrow),
    lead: text(posted.lead),
    description: text(posted.description),
    body: text(posted.body),
    showContents: posted.showContents === "on",
    status: posted.status === "published" ? "published" : "draft",
    fields: {
      recipient: text(fields.recipient),
      openingsIntro: text(fields.openingsIntro),
      audienceIntro: text(fields.audienceIntro),
      packagesIntro: text(fields.packagesIntro),
      openings: rowsOf("openings", PAGE_ROW_FIELDS.openings),
      figures: rowsOf("figures", PAGE_ROW_FIELDS.figures),
      audience: rowsOf("audience", PAGE_ROW_FIELDS.audience),
      packages: rowsOf("packages", PAGE_ROW_FIELDS.packages),
    },
  };
}

/** A new page's empty form. */
export const EMPTY_PAGE_FORM: PageFormValues = postedPageFormValues({});

/** Where a page's History compares two revisions. */
export function pageHistoryAddress(pageId: number, compare: { from?: number; to?: number } = {}): string {
  const params = new URLSearchParams();
  if (compare.from !== undefined) params.set("from", String(compare.from));
  if (compare.to !== undefined) params.set("to", String(compare.to));
  const search = params.toString();
  return `/admin/pages/${pageId}/history${search ? `?${search}` : ""}`;
}
