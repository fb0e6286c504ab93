import { ImageOff, Upload } from "lucide-react";
import { Fragment, useRef, useState, type ChangeEvent } from "react";
import { createPortal } from "react-dom";
import { SIGNED_OUT_TEXTS } from "~/validation/admin";
import { useSignInAgain } from "./signed-out-notice";
import { STOCK_IMAGES, stockImageUrl } from "~/utils/stock-images";
import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "~/validation/upload";
import { Field, FieldError, type Described } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";

/** What /admin/api/uploads answers. */
export type UploadAnswer = { url: string } | { error: string };

interface ImagePanelProps {
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

/**
 * The cover image: a preview, the custom image URL (the field the form sends), the 15 labelled
 * stock covers, and an upload of a JPEG, PNG, WebP or GIF up to 5 MB checked by the server.
 */
export function ImagePanel({ value, onChange, error }: ImagePanelProps) {
  return (
    <div className="space-y-4">
      <div>
        <p className="mb-1 text-sm font-medium">Cover image</p>
        <CoverPreview key={value} url={value} />
      </div>

      <div>
        <label htmlFor="article-image" className="mb-1 block text-sm font-medium">
          Custom image URL
        </label>
        <TextInput
          id="article-image"
          name="image"
          // Text, not url: a stock cover's address is a path on this site (/images/...), which type="url" refuses.
          type="text"
          inputMode="url"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="https://…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "article-image-error" : undefined}
        />
        <FieldError id="article-image-error" error={error} />
      </div>

      <ImageUpload id="article-image-upload" label="Upload an image" onUploaded={onChange} />

      <fieldset>
        <legend className="mb-2 text-sm font-medium">Stock images</legend>
        <ul className="grid grid-cols-3 gap-2">
          {STOCK_IMAGES.map((image) => {
            const url = stockImageUrl(image.label);
            const chosen = value === url;
            return (
              <li key={image.slug}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => onChange(url)}
                  className={`w-full overflow-hidden rounded-lg border-2 text-left ${
                    chosen
                      ? "border-blue-600 ring-2 ring-blue-600/30"
                      : "border-transparent hover:border-slate-300 dark:hover:border-slate-600"
                  }`}
                >
                  <img src={url} alt="" loading="lazy" className="aspect-video w-full object-cover" />
                  <span className="block px-1 py-0.5 text-[11px] leading-4 font-medium break-words">
                    <SlashBreaks text={image.label} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}

/** The chosen cover, or a note when there is none or it cannot be loaded. Remounted per address. */
function CoverPreview({ url }: { url: string }) {
  const [broken, setBroken] = useState(false);
  if (!url || broken) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-slate-300 text-sm text-slate-500 dark:border-slate-600 dark:text-slate-400">
        <ImageOff aria-hidden className="size-6" />
        {url ? "This image could not be loaded." : "No image chosen"}
      </div>
    );
  }
  return (
    <img
      src={url}
      alt="Cover image preview"
      onError={() => setBroken(true)}
      className="aspect-video w-full rounded-lg object-cover"
    />
  );
}

/** An image upload to /admin/api/uploads: a JPEG, PNG, WebP or GIF up to 5 MB, checked by the server; announces its state. */
export function ImageUpload({ id, label, onUploaded }: { id: string; label: string; onUploaded: (url: string) => void }) {
  const [upload, setUpload] = useState<
    { state: "idle" | "uploading" | "done" } | { state: "failed"; message: string; signedOut?: true }
  >({ state: "idle" });
  const fileRef = useRef<HTMLInputElement>(null);
  const signedOut = useSignInAgain(null, SIGNED_OUT_TEXTS.page);

  async function uploadFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      setUpload({ state: "failed", message: UPLOAD_MESSAGES.tooLarge });
      event.target.value = "";
      return;
    }
    setUpload({ state: "uploading" });
    const body = new FormData();
    body.set("image", file);
    try {
      const response = await fetch("/admin/api/uploads", { method: "POST", body, headers: { Accept: "application/json" } });
      if (response.status === 401) {
        setUpload({ state: "failed", message: SIGNED_OUT_TEXTS.upload, signedOut: true });
        signedOut.ask();
        return;
      }
      const answer = (await response.json().catch(() => ({ error: UPLOAD_MESSAGES.failed }))) as UploadAnswer;
      if (response.ok && "url" in answer) {
        onUploaded(answer.url);
        setUpload({ state: "done" });
      } else {
        setUpload({ state: "failed", message: "error" in answer ? answer.error : UPLOAD_MESSAGES.failed });
      }
    } catch {
      setUpload({ state: "failed", message: UPLOAD_MESSAGES.failed });
    } finally {
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 flex items-center gap-2 text-sm font-medium">
        <Upload aria-hidden className="size-4" />
        {label}
      </label>
      <input
        ref={fileRef}
        id={id}
        type="file"
        accept={UPLOAD_ACCEPT}
        onChange={uploadFile}
        disabled={upload.state === "uploading"}
        aria-describedby={`${id}-hint`}
        className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-300 dark:file:bg-slate-700 dark:file:text-slate-100"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        JPEG, PNG, WebP or GIF, up to 5 MB and 100 megapixels.
      </p>
      <p role="status" className="mt-1 text-sm text-emerald-700 dark:text-emerald-400">
        {upload.state === "uploading" ? "Uploading…" : upload.state === "done" ? UPLOAD_MESSAGES.uploaded : ""}
      </p>
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {upload.state === "failed" ? upload.message : ""}
      </p>
      {/* The upload sits inside a form (the editor's, the profile's), and a sign-in form may not: the dialog goes to the body. */}
      {upload.state === "failed" && upload.signedOut ? createPortal(signedOut.dialog, document.body) : null}
    </div>
  );
}

/** "Mobile/Smartphone" may wrap after its slash rather than inside a word; the text stays the same. */
function SlashBreaks({ text }: { text: string }) {
  return text.split("/").map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? (
        <>
          /<wbr />
        </>
      ) : null}
      {part}
    </Fragment>
  ));
}

/** An image's address, typed or uploaded, with a preview of it as it will show (the settings' and sections' images). */
export function ImageAddressField({
  id,
  name,
  label,
  first,
  hint,
  error,
  previewClass,
}: {
  id: string;
  name: string;
  label: string;
  first: string;
  hint: string;
  error?: string;
  previewClass: string;
}) {
  const [address, setAddress] = useState(first);
  return (
    <div className="space-y-2">
      <Field id={id} label={label} hint={hint} error={error}>
        {(described: Described) => (
          <TextInput
            id={id}
            name={name}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            autoComplete="off"
            {...described}
          />
        )}
      </Field>
      {address ? <img src={address} alt={`${label}, as it will show`} className={previewClass} /> : null}
      <ImageUpload id={`${id}-upload`} label={`Upload the ${label.toLowerCase()}`} onUploaded={setAddress} />
    </div>
  );
}
