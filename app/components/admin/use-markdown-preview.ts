import { useRef, useState } from "react";
import { SIGNED_OUT_TEXTS } from "~/validation/admin";

/** What /admin/api/preview answers. */
export type PreviewAnswer = { html: string } | { error: string };

/** The preview's state: off, waiting for the answer, or the answer. */
export type MarkdownPreview = { state: "off" } | { state: "loading" } | PreviewAnswer;

/**
 * The preview of a markdown field: toggling it on asks /admin/api/preview for the text through the very conversion
 * and sanitizer the site uses; toggling it off (or a newer request) drops an answer still on its way.
 */
export function useMarkdownPreview({
  value,
  placeholders,
  onSignedOut,
}: {
  value: string;
  /** Fill the site's placeholders ({site.name}, ...) in the preview, as pages show them (decision 039). */
  placeholders: boolean;
  /** The preview answered 401: the editor offers to sign in again (decision 036). */
  onSignedOut: () => void;
}) {
  const [preview, setPreview] = useState<MarkdownPreview>({ state: "off" });
  const previewRequest = useRef(0);
  const previewing = !("state" in preview && preview.state === "off");

  async function togglePreview() {
    if (previewing) {
      previewRequest.current += 1;
      setPreview({ state: "off" });
      return;
    }
    const request = ++previewRequest.current;
    setPreview({ state: "loading" });
    let answer: PreviewAnswer;
    try {
      const body = new URLSearchParams({ content: value });
      if (placeholders) body.set("placeholders", "site");
      const response = await fetch("/admin/api/preview", { method: "POST", body, headers: { Accept: "application/json" } });
      if (response.status === 401) onSignedOut();
      answer = response.ok
        ? ((await response.json()) as PreviewAnswer)
        : { error: response.status === 401 ? SIGNED_OUT_TEXTS.preview : "The preview could not be made. Please try again." };
    } catch {
      answer = { error: "The preview could not be made. Please check your connection and try again." };
    }
    if (request === previewRequest.current) setPreview(answer);
  }

  return { preview, previewing, togglePreview };
}
