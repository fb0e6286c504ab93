import { z } from "zod";
import { FormId } from "./form-id";
import { allowedText } from "./text";

/**
 * Passkeys (WebAuthn): the owner's name for one, the forms of Profile's passkey section, and the browser's answers
 * to a ceremony as @simplewebauthn/browser sends them (RegistrationResponseJSON and AuthenticationResponseJSON),
 * checked here before the server reads a byte of them.
 */

/** What the passkey screens say. */
export const PASSKEY_MESSAGES = {
  nameMissing: "Give the passkey a name, such as “Work laptop”.",
  nameTooLong: "A passkey's name can be at most 60 characters.",
  unreadable: "The passkey's answer could not be read. Please try again.",
  expired: "That passkey request has expired or was already answered. Please try again.",
  refused: "That passkey could not be checked. Please try again.",
  alreadyRegistered: "This passkey is already registered. Use another one, or remove it first.",
  signInFailed: "That passkey could not sign you in. Try again, or sign in with your password.",
  secondStepFailed: "That passkey could not confirm it is you. Try again, or use a code.",
  cancelled: "The passkey request was cancelled or timed out. Please try again.",
  unsupported: "This browser cannot use passkeys here.",
  removed: "That passkey was already removed.",
  wrongPassword: "The current password is not right.",
  passwordMissing: "Please enter your current password.",
} as const;

/** The longest name a passkey may have. */
export const PASSKEY_NAME_MAX = 60;

/** The owner's name for a passkey ("Work laptop"). */
export const PasskeyName = z
  .string()
  .trim()
  .min(1, PASSKEY_MESSAGES.nameMissing)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong)
  .check(allowedText("The passkey's name"));

/** base64url without padding, as WebAuthn's JSON forms carry binary values; `max` characters at most. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

// Generous bounds: a credential id is at most 1,023 bytes (WebAuthn Level 3), an attestation object with a
// certificate chain a few kilobytes; nothing bigger is read.
const CredentialId = base64url(1_400);
const Transport = z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);
const Attachment = z.enum(["platform", "cross-platform"]).optional();
// Only what the server reads is kept; other extension outputs are dropped.
const ClientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({});

/** The browser's answer to navigator.credentials.create(), as JSON. */
export const RegistrationAnswer = z.object({
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal("public-key"),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ClientExtensionResults,
  response: z.object({
    clientDataJSON: base64url(4_000),
    attestationObject: base64url(24_000),
    authenticatorData: base64url(16_000).optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4_000).optional(),
  }),
});
export type RegistrationAnswer = z.infer<typeof RegistrationAnswer>;

/** The browser's answer to navigator.credentials.get(), as JSON. */
export const AuthenticationAnswer = z.object({
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal("public-key"),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ClientExtensionResults,
  response: z.object({
    clientDataJSON: base64url(4_000),
    authenticatorData: base64url(16_000),
    signature: base64url(2_000),
    userHandle: base64url(200).optional(),
  }),
});
export type AuthenticationAnswer = z.infer<typeof AuthenticationAnswer>;

/** The transports worth keeping from a registration: the ones WebAuthn names, each once. */
export function knownTransports(transports: readonly string[] | undefined): z.infer<typeof Transport>[] {
  return [...new Set((transports ?? []).flatMap((transport) => Transport.safeParse(transport).data ?? []))];
}

/** A browser's answer, posted as a JSON text in a form field, parsed with `schema`; null when it is not one. */
export function parseAnswer<T>(schema: z.ZodType<T>, text: unknown): T | null {
  if (typeof text !== "string" || text.length > 48_000) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** "End my other sessions": a checkbox, checked by default; a form without it (unchecked) keeps them. */
const EndOthers = z.unknown().transform((value) => value === "on" || value === "true");

/**
 * Profile's passkey section: add one (its name and the browser's answer), or remove one with the current password.
 * A field no person fills in (the intent, the id) has no sentence of its own: the action parses with
 * UNREADABLE_FORM_MESSAGE for those.
 */
export const PasskeyAction = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    name: PasskeyName,
    // The browser's WebAuthn JSON, read by RegistrationAnswer; raw JSON never holds a control character.
    answer: z.string().max(48_000, PASSKEY_MESSAGES.unreadable).check(allowedText("The passkey's answer")),
    endOthers: EndOthers,
  }),
  z.object({
    intent: z.literal("remove"),
    id: FormId,
    current: z
      .string({ message: PASSKEY_MESSAGES.passwordMissing })
      .min(1, PASSKEY_MESSAGES.passwordMissing)
      .max(1000)
      .check(allowedText("The current password")),
    endOthers: EndOthers,
  }),
]);
export type PasskeyAction = z.infer<typeof PasskeyAction>;
