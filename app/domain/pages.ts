/**
 * A page of the site (decision 039): About, Careers, Contact and the policies, and whatever editors add. What the
 * database stores and every layer reads; app/validation/page.ts checks the editor's form against these shapes.
 */

/** How a page is laid out: markdown in the info pages' frame, or one of the three pages with fields of their own. */
export const PAGE_LAYOUTS = ["page", "contact", "careers", "advertise"] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];

export const PAGE_STATUSES = ["published", "draft"] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

/** One opening on the Careers page. */
export interface CareerOpening {
  title: string;
  department: string;
  place: string;
  kind: string;
  description: string;
}

/** One figure at the top of the Advertise page ("2.4M", "monthly readers"). */
export interface AudienceFigure {
  value: string;
  label: string;
}

/** One audience segment on the Advertise page, with its share in percent. */
export interface AudienceShare {
  segment: string;
  percent: number;
}

/** One advertising package, with what it includes one item a line. */
export interface AdPackage {
  name: string;
  price: string;
  summary: string;
  features: string[];
}

/** The fields of the pages with structure; a layout uses its own and keeps the others empty. */
export interface PageFields {
  /** Contact: where the form's message goes; "" sends each subject to its desk's address in the settings. */
  recipient: string;
  openingsIntro: string;
  openings: CareerOpening[];
  figures: AudienceFigure[];
  audienceIntro: string;
  audience: AudienceShare[];
  packagesIntro: string;
  packages: AdPackage[];
}
