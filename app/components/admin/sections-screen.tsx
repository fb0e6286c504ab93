import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { categoryBadgeClass } from "~/utils/section-badge";
import { addressFromName, badgeColourProblem, badgeTones, MAX_EXPLORE } from "~/validation/sections";
import { AdminTable } from "./admin-table";
import { ImageAddressField } from "./image-panel";
import { NoticeMessage, type Notice } from "./notice-message";
import { formResult, SignedOutNotice, type SignedOut } from "./signed-out-notice";
import { SubmitButton } from "~/components/ui/button";
import { CARD_CLASS, Field, FormAlert, type Described } from "~/components/ui/field";
import { INPUT_CLASS, TextInput } from "~/components/ui/text-input";

type FieldName = "name" | "slug" | "description" | "colour" | "cover" | "keywords" | "explore" | "moveTo";

/** What the Sections action answers when it does not redirect: which form, its refusals, and what was typed. */
export interface SectionsActionData {
  intent?: string;
  id?: number | null;
  formError?: string;
  fieldErrors?: Partial<Record<FieldName, string>>;
  values?: Record<string, string>;
}

export interface SectionRowData {
  id: number;
  name: string;
  slug: string;
  description: string;
  colour: string;
  cover: string;
  keywords: string;
  explore: number;
  position: number;
  articles: number;
}

interface SectionsLoaderData {
  sections: SectionRowData[];
  editing: number | null;
  notice: Notice | null;
}

const smallButton =
  "inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-100 disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800";

const ordinal = (place: number) => ["1st", "2nd", "3rd", "4th", "5th", "6th"][place - 1] ?? `${place}th`;

/**
 * The Sections tab (decision 042): the list in its order with Move up and Move down, each section's address, article
 * count and place on the home page; a form to add a section or change one; and deleting one by moving its articles.
 */
export function SectionsScreen({
  loaderData,
  actionData: answered,
}: {
  loaderData: SectionsLoaderData;
  actionData?: SectionsActionData | SignedOut;
}) {
  const { sections, notice } = loaderData;
  const actionData = formResult(answered);
  const editingId = actionData?.intent === "update" && actionData.id ? actionData.id : loaderData.editing;
  const editing = sections.find((section) => section.id === editingId) ?? null;
  const formAnswer = actionData?.intent === "create" || actionData?.intent === "update" ? actionData : undefined;
  return (
    <div className="space-y-8">
      <div>
        <h2 id="sections-heading" className="text-xl font-bold">
          Sections
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          What the newsroom covers: each section has its page at /category/its-address, its feeds, and its badge on every story. A
          changed address keeps answering at the old one.
        </p>
      </div>
      <NoticeMessage notice={notice} />
      <SignedOutNotice result={answered} />
      <FormAlert text={!formAnswer && actionData?.intent !== "delete" ? actionData?.formError : undefined} />
      <AdminTable
        labelledBy="sections-heading"
        columns={[
          { label: "Order" },
          { label: "Section" },
          { label: "Address" },
          { label: "Articles", className: "text-right" },
          { label: "Home page" },
          { label: "Actions" },
        ]}
      >
        {sections.map((section, index) => (
          <tr key={section.id}>
            <td className="px-3 py-2">
              <div className="flex gap-1">
                <MoveButton section={section} direction="up" disabled={index === 0} />
                <MoveButton section={section} direction="down" disabled={index === sections.length - 1} />
              </div>
            </td>
            <td className="px-3 py-2">
              <span className={categoryBadgeClass(section.id)}>{section.name}</span>
            </td>
            <td className="px-3 py-2">
              <a href={`/category/${section.slug}`} className="text-blue-700 hover:underline dark:text-blue-300">
                /category/{section.slug}
              </a>
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{section.articles}</td>
            <td className="px-3 py-2">{section.explore > 0 ? `${ordinal(section.explore)} tile` : "Not shown"}</td>
            <td className="px-3 py-2">
              <Link
                to={`/admin/sections?edit=${section.id}#section-form`}
                className="font-medium text-blue-700 hover:underline dark:text-blue-300"
                aria-label={`Edit ${section.name}`}
              >
                Edit
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
      <SectionForm
        key={`${editing?.id ?? "new"}-${formAnswer ? "answer" : "fresh"}`}
        editing={editing}
        answer={formAnswer}
        takenPlaces={sections.filter((section) => section.id !== editing?.id && section.explore > 0).length}
      />
      {editing ? (
        <DeleteSection
          key={`delete-${editing.id}`}
          section={editing}
          others={sections.filter((section) => section.id !== editing.id)}
          answer={actionData?.intent === "delete" ? actionData : undefined}
        />
      ) : null}
    </div>
  );
}

function MoveButton({ section, direction, disabled }: { section: SectionRowData; direction: "up" | "down"; disabled: boolean }) {
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={section.id} />
      <button
        type="submit"
        name="intent"
        value={direction}
        disabled={disabled}
        className={smallButton}
        aria-label={`Move ${section.name} ${direction}`}
      >
        <Icon aria-hidden className="size-3.5" />
      </button>
    </Form>
  );
}

/** Adding a section, or changing the one chosen: name, address, description, colour, cover, feed keywords, strip place. */
function SectionForm({
  editing,
  answer,
  takenPlaces,
}: {
  editing: SectionRowData | null;
  answer?: SectionsActionData;
  takenPlaces: number;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && ["create", "update"].includes(String(navigation.formData?.get("intent")));
  const first = (key: keyof SectionRowData & string, fallback: string) =>
    answer?.values?.[key] ?? (editing ? String(editing[key]) : fallback);
  const errors = answer?.fieldErrors ?? {};
  const [name, setName] = useState(first("name", ""));
  const [slug, setSlug] = useState(first("slug", ""));
  const [slugTouched, setSlugTouched] = useState(Boolean(editing) || Boolean(answer));
  const [colour, setColour] = useState(first("colour", "#3730a3"));
  const colourProblem = badgeColourProblem(colour);
  const title = editing ? `Edit ${editing.name}` : "Add a section";
  return (
    <section id="section-form" aria-labelledby="section-form-heading" className={CARD_CLASS}>
      <h3 id="section-form-heading" className="text-lg font-semibold">
        {title}
      </h3>
      <FormAlert text={answer?.formError} />
      <Form method="post" className="space-y-4" preventScrollReset>
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="section-name" label="Name" error={errors.name}>
            {(described: Described) => (
              <TextInput
                id="section-name"
                name="name"
                value={name}
                maxLength={40}
                onChange={(event) => {
                  setName(event.target.value);
                  if (!slugTouched) setSlug(addressFromName(event.target.value));
                }}
                {...described}
              />
            )}
          </Field>
          <Field
            id="section-slug"
            label="Address"
            hint={`Its page is /category/${slug || "…"}.${editing && slug !== editing.slug ? ` /category/${editing.slug} will send readers there.` : ""}`}
            error={errors.slug}
          >
            {(described: Described) => (
              <TextInput
                id="section-slug"
                name="slug"
                value={slug}
                maxLength={60}
                onChange={(event) => {
                  setSlug(event.target.value);
                  setSlugTouched(true);
                }}
                autoCapitalize="none"
                spellCheck={false}
                {...described}
              />
            )}
          </Field>
        </div>
        <Field
          id="section-description"
          label="Description"
          hint="The section page's subtitle and its description for search engines."
          error={errors.description}
        >
          {(described: Described) => (
            <TextInput
              id="section-description"
              name="description"
              defaultValue={first("description", "")}
              maxLength={300}
              {...described}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="section-colour"
            label="Badge colour"
            hint={colourProblem ?? "Readable on its badge in both themes."}
            error={errors.colour}
          >
            {(described: Described) => (
              <div className="flex items-center gap-3">
                <input
                  id="section-colour"
                  name="colour"
                  type="color"
                  value={/^#[0-9a-f]{6}$/i.test(colour) ? colour : "#000000"}
                  onChange={(event) => setColour(event.target.value)}
                  className="h-10 w-16 rounded border border-slate-300 dark:border-slate-600"
                  {...described}
                />
                {/* A colour that fails is not drawn: its hint says by how much. */}
                {colourProblem ? null : (
                  <span
                    className="inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold"
                    style={{ color: colour, backgroundColor: badgeTones(colour).light.background }}
                  >
                    {name || "Preview"}
                  </span>
                )}
              </div>
            )}
          </Field>
          <Field
            id="section-explore"
            label="Home page"
            hint="Its tile in “Explore by Category”, in this order."
            error={errors.explore}
          >
            {(described: Described) => (
              <select
                id="section-explore"
                name="explore"
                defaultValue={first("explore", "0")}
                className={INPUT_CLASS}
                {...described}
              >
                <option value="0">Not shown</option>
                {Array.from({ length: Math.min(MAX_EXPLORE, takenPlaces + 1) }, (_, index) => (
                  <option key={index + 1} value={index + 1}>
                    {ordinal(index + 1)} tile
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <ImageAddressField
          id="section-cover"
          name="cover"
          label="Cover"
          first={first("cover", "")}
          hint="The picture its stories fall back to when they have none, and the section page's picture for link previews."
          error={errors.cover}
          previewClass="h-24 w-40 rounded-lg object-cover"
        />
        <Field
          id="section-keywords"
          label="Feed keywords"
          hint="Words and phrases that match a news item to this section for AI drafts, one per line or separated by commas."
          error={errors.keywords}
        >
          {(described: Described) => (
            <textarea
              id="section-keywords"
              name="keywords"
              rows={4}
              defaultValue={first("keywords", "")}
              className={INPUT_CLASS}
              {...described}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton name="intent" value={editing ? "update" : "create"} disabled={saving}>
            {saving ? "Saving..." : editing ? "Save section" : "Add section"}
          </SubmitButton>
          {editing ? (
            <Link to="/admin/sections" className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-300">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

/** Deleting a section: its articles (and their history and generation jobs) move to the section chosen, all at once. */
function DeleteSection({
  section,
  others,
  answer,
}: {
  section: SectionRowData;
  others: SectionRowData[];
  answer?: SectionsActionData;
}) {
  const count = `${section.articles} ${section.articles === 1 ? "article" : "articles"}`;
  return (
    <section aria-labelledby="delete-section-heading" className={CARD_CLASS}>
      <h3 id="delete-section-heading" className="text-lg font-semibold">
        Delete {section.name}
      </h3>
      <FormAlert text={answer?.formError} />
      {others.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">A newsroom needs at least one section.</p>
      ) : (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="id" value={section.id} />
          <Field
            id="section-move-to"
            label={`Move its ${count} to`}
            hint={`Its address, /category/${section.slug}, will lead to the section chosen.`}
            error={answer?.fieldErrors?.moveTo}
          >
            {(described: Described) => (
              <select id="section-move-to" name="moveTo" defaultValue="" className={INPUT_CLASS} {...described}>
                <option value="" disabled>
                  Choose a section
                </option>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button
            type="submit"
            name="intent"
            value="delete"
            className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            Delete section
          </button>
        </Form>
      )}
    </section>
  );
}
