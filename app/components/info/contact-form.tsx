import { CircleAlert, CircleCheck, Send } from "lucide-react";
import { useId } from "react";
import { CONTACT_SUBJECTS } from "~/validation/contact-rules";
import { useSite } from "~/components/layout/use-site";
import { primaryButtonClass, textLinkClass } from "./info-page";
import { IslandTemplate } from "~/components/island-template";
import { Field } from "~/components/ui/field";

const fieldClass =
  "mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none aria-[invalid=true]:border-red-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:border-blue-400 dark:focus:ring-blue-400/30 dark:aria-[invalid=true]:border-red-400";

/**
 * The contact form. Nothing is sent to the site: on submit the islands script (islands/contact-form.ts) checks
 * the fields with the contact rule and opens the reader's mail app with a pre-filled draft. Until it has
 * loaded the Send button stays disabled, and the address to write to is shown beside it.
 */
export function ContactForm({ recipient }: { recipient?: string } = {}) {
  const errorId = useId();
  const { contact: desks } = useSite().site;
  // The Contact page's "where the form's message goes" (decision 039): one address for every subject, or, when the
  // page names none, each subject to its desk's address in the settings.
  const contact = recipient
    ? { general: recipient, tips: recipient, press: recipient, ads: recipient, careers: recipient }
    : desks;
  return (
    <form
      noValidate
      data-contact-form=""
      data-error-id={errorId}
      data-addresses={JSON.stringify(contact)}
      aria-label="Contact form"
      className="grid gap-5"
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        All fields are required. Sending opens your own email app with your message ready to go.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Full Name" labelClassName={LABEL_CLASS}>
          {() => (
            <input
              id="contact-name"
              name="name"
              type="text"
              autoComplete="name"
              required
              placeholder="Jane Doe"
              className={fieldClass}
            />
          )}
        </Field>
        <Field id="contact-email" label="Email Address" labelClassName={LABEL_CLASS}>
          {() => (
            <input
              id="contact-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              placeholder="you@example.com"
              className={fieldClass}
            />
          )}
        </Field>
      </div>
      <Field id="contact-subject" label="Subject" labelClassName={LABEL_CLASS}>
        {() => (
          <select id="contact-subject" name="subject" required defaultValue="" className={fieldClass}>
            {/* A required select starts with an empty placeholder, so no subject is sent that the reader did not pick. */}
            <option value="">Choose a subject</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {subject}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="contact-message" label="Message" labelClassName={LABEL_CLASS}>
        {() => (
          <textarea
            id="contact-message"
            name="message"
            rows={6}
            required
            placeholder="How can we help?"
            className={`${fieldClass} resize-y`}
          />
        )}
      </Field>

      <div>
        <div role="alert" id={errorId} />
        <div role="status" />
        <IslandTemplate data-feedback="error">
          <p className="mb-5 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span data-text="" />
          </p>
        </IslandTemplate>
        <IslandTemplate data-feedback="success">
          <p className="mb-5 flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-800 dark:border-green-900 dark:bg-green-950/50 dark:text-green-200">
            <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span data-text="" />
          </p>
        </IslandTemplate>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <button type="submit" disabled className={`${primaryButtonClass} disabled:cursor-wait disabled:opacity-70`}>
            <Send aria-hidden className="size-4" />
            Send Message
          </button>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Prefer your own mail app? Write to{" "}
            <a href={`mailto:${contact.general}`} className={textLinkClass}>
              {contact.general}
            </a>
          </p>
        </div>
      </div>
      <noscript>
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
          Sending this form needs JavaScript, which opens your email app with your message. With JavaScript turned off, please
          email us directly at {contact.general}.
        </p>
      </noscript>
    </form>
  );
}

/** The form's labels: the reader pages' type, not the admin area's. */
const LABEL_CLASS = "text-sm font-medium text-slate-900 dark:text-slate-100";
