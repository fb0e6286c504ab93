/**
 * The newsroom's public mail addresses. Every contact, careers and advertising link on the
 * info pages opens a draft to one of these; no message is sent through the site itself.
 * A newsroom running its own copy of the site changes them here.
 */
export const CONTACT_ADDRESSES = {
  /** General questions, feedback and corrections. */
  general: "hello@byline.example",
  /** News tips and leads for the editors. */
  tips: "tips@byline.example",
  /** Journalists, interviews and press material. */
  press: "press@byline.example",
  /** Job applications. */
  careers: "careers@byline.example",
  /** Advertising, sponsorships and the media kit. */
  ads: "ads@byline.example",
} as const;

export type ContactAddress = (typeof CONTACT_ADDRESSES)[keyof typeof CONTACT_ADDRESSES];
