import type { PageFields } from "../domain/pages";
import { diffFields, type RevisionDiff } from "./revisions";

/** What a page's History compares, as text: the body word by word (`content`), the rest field by field. */
interface PageComparison {
  content: string;
  address: string;
  title: string;
  heading: string;
  eyebrow: string;
  lead: string;
  description: string;
  contents: string;
  recipient: string;
  openings: string;
  figures: string;
  audience: string;
  packages: string;
}

const PAGE_FIELD_LABELS = {
  title: "Title",
  address: "Address",
  heading: "Heading",
  eyebrow: "Label above the heading",
  lead: "Introduction",
  description: "Description",
  contents: "On this page",
  recipient: "Where the form's message goes",
  openings: "Openings",
  figures: "Figures",
  audience: "Audience breakdown",
  packages: "Packages",
} as const;

/** A page revision's fields written out as the comparison shows them. */
function comparable(page: {
  slug: string;
  title: string;
  heading: string;
  eyebrow: string;
  lead: string;
  description: string;
  body: string;
  showContents: boolean;
  fields: PageFields;
}): PageComparison {
  const { fields } = page;
  const intro = (text: string) => (text ? [text] : []);
  return {
    content: page.body,
    address: `/${page.slug}`,
    title: page.title,
    heading: page.heading,
    eyebrow: page.eyebrow,
    lead: page.lead,
    description: page.description,
    contents: page.showContents ? "Listed" : "Not listed",
    recipient: fields.recipient || "Each subject to its desk",
    openings: [
      ...intro(fields.openingsIntro),
      ...fields.openings.map(
        (opening) =>
          `${opening.title} (${[opening.department, opening.place, opening.kind].filter(Boolean).join(", ")}): ${opening.description}`,
      ),
    ].join("\n"),
    figures: fields.figures.map((figure) => `${figure.value} ${figure.label}`).join("\n"),
    audience: [...intro(fields.audienceIntro), ...fields.audience.map((share) => `${share.segment}: ${share.percent}%`)].join(
      "\n",
    ),
    packages: [
      ...intro(fields.packagesIntro),
      ...fields.packages.map((ad) => `${ad.name}, ${ad.price}: ${ad.summary} (${ad.features.join("; ")})`),
    ].join("\n"),
  };
}

/** What changed from one revision of a page to another. */
export function diffPageRevisions(
  older: Parameters<typeof comparable>[0],
  newer: Parameters<typeof comparable>[0],
): RevisionDiff {
  return diffFields(comparable(older), comparable(newer), PAGE_FIELD_LABELS);
}
