import type { ContactMessage, ContactSubject } from "~/validation/contact-rules";
import type { ContactAddresses } from "~/utils/seo";
import { mailtoHref } from "../utils/mailto";

/*
 * What the contact form does with a checked message, without React: the islands script runs it
 * (islands/contact-form.ts) on the markup of components/info/contact-form.tsx.
 */

export const CONTACT_PROCESSING_ERROR = "There was an error processing your request. Please try again or email us directly.";

export function contactSuccessMessage(address: string): string {
  return `Your email client should open now. If it doesn't, please send your message directly to ${address}.`;
}

/** Tips and press questions go straight to the desk that handles them; everything else to the general inbox. */
export function addressForSubject(subject: ContactSubject, addresses: ContactAddresses): string {
  switch (subject) {
    case "Story Tip":
      return addresses.tips;
    case "Press Inquiry":
      return addresses.press;
    case "Partnership Opportunity":
      return addresses.ads;
    default:
      return addresses.general;
  }
}

/** The mail draft of a checked message, to the address (of the newsroom's settings) its subject goes to. */
export function contactDraft(
  { name, email, subject, message }: ContactMessage,
  addresses: ContactAddresses,
): { address: string; href: string } {
  const address = addressForSubject(subject, addresses);
  const href = mailtoHref(address, {
    subject: `${subject} from ${name}`,
    body: `${message}\n\n---\nName: ${name}\nEmail: ${email}\nSubject: ${subject}\n`,
  });
  return { address, href };
}
