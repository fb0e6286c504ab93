import { Bold, Eye, Underline } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { ArticleBody } from "~/components/article-body";
import { BOLD, toggleMarkers, UNDERLINE, type Markers } from "~/utils/markdown-toolbar";
import { SIGNED_OUT_TEXTS } from "~/validation/admin";

/** What /admin/api/preview answers. */
export type PreviewAnswer = { html: string } | { error: string };

interface MarkdownFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  required?: boolean;
  error?: string;
  /** Under the field; the markdown summary by default. */
  hint?: ReactNode;
  inputClass: string;
  /** The preview answered 401: the editor offers to sign in again (decision 036). */
  onSignedOut: () => void;
  /** Fill the site's placeholders ({site.name}, ...) in the preview, as pages show them (decision 039). */
  placeholders?: boolean;
}

export const MARKDOWN_HINT = "Markdown: **bold**, <u>underline</u>, ## headings, - lists, > quotes, [links](https://…).";

/**
 * A markdown text field with the article editor's tools: Bold and Underline buttons (Ctrl+B, Ctrl+U), and Preview,
 * which shows the text through the very conversion and sanitizer the site uses. Shared by the article editor and the
 * page editor.
 */
export function MarkdownField({
  id,
  name,
  label,
  value,
  onChange,
  maxLength,
  rows = 12,
  required,
  error,
  hint = MARKDOWN_HINT,
  inputClass,
  onSignedOut,
  placeholders = false,
}: MarkdownFieldProps) {
  const [preview, setPreview] = useState<{ state: "off" } | { state: "loading" } | PreviewAnswer>({ state: "off" });
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const previewRequest = useRef(0);
  const previewing = !("state" in preview && preview.state === "off");

  function applyMarkers(markers: Markers) {
    const textarea = textareaRef.current;
    if (!textarea) return;
    const next = toggleMarkers({ text: value, start: textarea.selectionStart, end: textarea.selectionEnd }, markers);
    flushSync(() => onChange(next.text));
    textarea.focus();
    textarea.setSelectionRange(next.start, next.end);
  }

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

  return (
    <div>
      <div className="mb-1 flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <div role="toolbar" aria-label="Formatting" aria-controls={id} className="flex gap-1">
          <ToolbarButton label="Bold" shortcutKey="B" disabled={previewing} onClick={() => applyMarkers(BOLD)}>
            <Bold aria-hidden className="size-4" />
          </ToolbarButton>
          <ToolbarButton label="Underline" shortcutKey="U" disabled={previewing} onClick={() => applyMarkers(UNDERLINE)}>
            <Underline aria-hidden className="size-4" />
          </ToolbarButton>
          <button
            type="button"
            aria-pressed={previewing}
            onClick={togglePreview}
            className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 aria-pressed:bg-slate-900 aria-pressed:text-white dark:border-slate-600 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-100 dark:aria-pressed:text-slate-900"
          >
            <Eye aria-hidden className="size-4" />
            Preview
          </button>
        </div>
      </div>
      <textarea
        ref={textareaRef}
        id={id}
        name={name}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          const markers = SHORTCUT_MARKERS[shortcutOf(event)];
          if (!markers) return;
          event.preventDefault();
          applyMarkers(markers);
        }}
        maxLength={maxLength}
        required={required}
        hidden={previewing}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`${inputClass} font-mono leading-6`}
      />
      {previewing ? (
        <section
          aria-label="Preview"
          aria-busy={"state" in preview}
          className="max-h-[32rem] overflow-y-auto rounded-lg border border-slate-300 bg-white p-5 dark:border-slate-700 dark:bg-slate-950"
        >
          {"html" in preview ? (
            <ArticleBody html={preview.html} />
          ) : "error" in preview ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {preview.error}
            </p>
          ) : (
            <p className="text-sm text-slate-500">Preparing the preview…</p>
          )}
        </section>
      ) : null}
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Ctrl+B and Ctrl+U (⌘ on a Mac) in the field, as the toolbar's buttons. */
const SHORTCUT_MARKERS: Partial<Record<string, Markers>> = { b: BOLD, u: UNDERLINE };

/** The letter of a Ctrl (or ⌘) shortcut, lower case, without Shift or Alt; "" for any other key. */
export function shortcutOf(event: KeyboardEvent): string {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey ? event.key.toLowerCase() : "";
}

function ToolbarButton({
  label,
  shortcutKey,
  disabled,
  onClick,
  children,
}: {
  label: string;
  /** Ctrl+key (⌘ on a Mac) does the same in the field. */
  shortcutKey: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-keyshortcuts={`Control+${shortcutKey} Meta+${shortcutKey}`}
      title={`${label} (Ctrl+${shortcutKey} or ⌘${shortcutKey})`}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-8 items-center justify-center rounded-lg border border-slate-300 hover:bg-slate-100 disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800"
    >
      {children}
    </button>
  );
}
