import { data, redirect } from "react-router";
import type { PageEditorResult } from "~/components/admin/page-editor";
import type { PageSaveOutcome } from "~/services/pages/pages.server";
import { readForm } from "~/utils/http";
import {
  PageInput,
  PageOpenedAt,
  pageFieldErrors,
  pageFormValues,
  postedPageFormValues,
  PAGE_TEXTS,
  type PageFormValues,
  type PageInput as ParsedPage,
} from "~/validation/page";
import { noticeHeaders } from "./notice.server";

/** The posted editor form through the shared schema: the page and the version it was opened at, or the answer. */
export async function parsePageForm(
  request: Request,
): Promise<
  | { ok: true; input: ParsedPage; openedAt: Date | undefined; values: PageFormValues }
  | { ok: false; answer: ReturnType<typeof data<PageEditorResult>> }
> {
  const form = await readForm(request);
  const posted = pageFormValues(form);
  const values = postedPageFormValues(posted);
  const parsed = PageInput.safeParse(posted);
  if (!parsed.success) {
    return {
      ok: false,
      answer: data<PageEditorResult>({ fieldErrors: pageFieldErrors(parsed.error), values }, 400),
    };
  }
  const openedAt = PageOpenedAt.safeParse(form.get("updatedAt") ?? undefined);
  return {
    ok: true,
    input: parsed.data,
    openedAt: openedAt.success && openedAt.data ? new Date(openedAt.data) : undefined,
    values,
  };
}

/**
 * The answer to a save: back to the list with a notice when it was saved, else the form again with the sentence that
 * says why ("taken" next to the address, "stale" with a link to what changed), keeping what was typed.
 */
export async function answerSave(
  outcome: PageSaveOutcome,
  { input, values: form }: { input: ParsedPage; values: PageFormValues },
  {
    created,
    meanwhile,
  }: {
    created: boolean;
    /** For a stale save: where History shows what changed since, and the version in force now. */
    meanwhile?: () => Promise<{ changesHref: string; updatedAt?: string }>;
  },
) {
  switch (outcome.outcome) {
    case "done":
      return redirect("/admin/pages", {
        status: 303,
        headers: await noticeHeaders({ kind: "success", text: created ? PAGE_TEXTS.created : PAGE_TEXTS.saved }),
      });
    case "taken":
      return data<PageEditorResult>({ fieldErrors: { address: PAGE_TEXTS.taken(input.address) }, values: form }, 409);
    case "stale":
      return data<PageEditorResult>({ formError: PAGE_TEXTS.stale, values: form, ...(await meanwhile?.()) }, 409);
    case "missing":
      return redirect("/admin/pages", { headers: await noticeHeaders({ kind: "error", text: PAGE_TEXTS.missing }) });
  }
}
