import { CircleAlert, CircleCheck, Send } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { checkContactMessage, CONTACT_SUBJECTS, type ContactField, type ContactSubject } from "~/validation/contact";
import { CONTACT_ADDRESSES } from "./contact-addresses";
import { primaryButtonClass, textLinkClass } from "./info-page";
import { mailtoHref } from "./mailto";
import { useHydrated } from "../use-hydrated";

export const CONTACT_PROCESSING_ERROR = "There was an error processing your request. Please try again or email us directly.";

export function contactSuccessMessage(address: string): string {
  return `Your email client should open now. If it doesn't, please send your message directly to ${address}.`;
}

/** Tips and press questions go straight to the desk that handles them; everything else to the general inbox. */
export function addressForSubject(subject: ContactSubject): string {
  switch (subject) {
    case "Story Tip":
      return CONTACT_ADDRESSES.tips;
    case "Press Inquiry":
      return CONTACT_ADDRESSES.press;
    case "Partnership Opportunity":
      return CONTACT_ADDRESSES.ads;
    default:
      return CONTACT_ADDRESSES.general;
  }
}

type Feedback = { kind: "error" | "success"; text: string };

const fieldClass =
  "mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none aria-[invalid=true]:border-red-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:border-blue-400 dark:focus:ring-blue-400/30 dark:aria-[invalid=true]:border-red-400";

/**
 * The contact form. Nothing is sent to the site: on submit the fields are checked with the
 * shared schema and the reader's mail app opens with a pre-filled draft. Until JavaScript has
 * loaded the Send button stays disabled, and the address to write to is shown beside it.
 */
export function ContactForm() {
  const hydrated = useHydrated();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [invalidFields, setInvalidFields] = useState<ContactField[]>([]);
  const errorId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    try {
      const data = new FormData(form);
      const check = checkContactMessage({
        name: data.get("name"),
        email: data.get("email"),
        subject: data.get("subject"),
        message: data.get("message"),
      });
      if (!check.ok) {
        setInvalidFields(check.fields);
        setFeedback({ kind: "error", text: check.message });
        return;
      }
      const { name, email, subject, message } = check.value;
      const address = addressForSubject(subject);
      window.location.href = mailtoHref(address, {
        subject: `${subject} from ${name}`,
        body: `${message}\n\n---\nName: ${name}\nEmail: ${email}\nSubject: ${subject}\n`,
      });
      setInvalidFields([]);
      setFeedback({ kind: "success", text: contactSuccessMessage(address) });
      form.reset();
    } catch (error) {
      console.warn("The contact form could not open the mail client", error);
      setInvalidFields([]);
      setFeedback({ kind: "error", text: CONTACT_PROCESSING_ERROR });
    }
  }

  function fieldState(field: ContactField) {
    const invalid = feedback?.kind === "error" && invalidFields.includes(field);
    return { "aria-invalid": invalid || undefined, "aria-describedby": invalid ? errorId : undefined };
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Contact form" className="grid gap-5">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        All fields are required. Sending opens your own email app with your message ready to go.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Full Name" htmlFor="contact-name">
          <input
            id="contact-name"
            name="name"
            type="text"
            autoComplete="name"
            required
            placeholder="Jane Doe"
            className={fieldClass}
            {...fieldState("name")}
          />
        </Field>
        <Field label="Email Address" htmlFor="contact-email">
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            placeholder="you@example.com"
            className={fieldClass}
            {...fieldState("email")}
          />
        </Field>
      </div>
      <Field label="Subject" htmlFor="contact-subject">
        <select
          id="contact-subject"
          name="subject"
          required
          defaultValue={CONTACT_SUBJECTS[0]}
          className={fieldClass}
          {...fieldState("subject")}
        >
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {subject}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Message" htmlFor="contact-message">
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          placeholder="How can we help?"
          className={`${fieldClass} resize-y`}
          {...fieldState("message")}
        />
      </Field>

      <div>
        <div role="alert" id={errorId}>
          {feedback?.kind === "error" ? (
            <p className="mb-5 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {feedback.text}
            </p>
          ) : null}
        </div>
        <div role="status">
          {feedback?.kind === "success" ? (
            <p className="mb-5 flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-800 dark:border-green-900 dark:bg-green-950/50 dark:text-green-200">
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
              {feedback.text}
            </p>
          ) : null}
        </div>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <button type="submit" disabled={!hydrated} className={`${primaryButtonClass} disabled:cursor-wait disabled:opacity-70`}>
            <Send aria-hidden className="size-4" />
            Send Message
          </button>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Prefer your own mail app? Write to{" "}
            <a href={`mailto:${CONTACT_ADDRESSES.general}`} className={textLinkClass}>
              {CONTACT_ADDRESSES.general}
            </a>
          </p>
        </div>
      </div>
      <noscript>
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
          Sending this form needs JavaScript, which opens your email app with your message. With JavaScript turned off, please
          email us directly at {CONTACT_ADDRESSES.general}.
        </p>
      </noscript>
    </form>
  );
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-900 dark:text-slate-100">
        {label}
      </label>
      {children}
    </div>
  );
}
