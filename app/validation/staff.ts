import { z } from "zod";
import { FormId } from "./form-id";
import { isReservedByline } from "../domain/bylines";
import { STAFF_ROLES } from "../domain/permissions";
import { AdminPassword, AdminUsername } from "./admin";
import { IMAGE_ADDRESS_MESSAGE, isImageAddress } from "./article";
import { EMAIL_MAX_LENGTH, isPlainMailbox } from "./email";
import { allowedText } from "./text";

/** Said when a staff member asks for a name kept for articles without a staff author. */
export const RESERVED_BYLINE_MESSAGE =
  '"Staff" and "Correspondent" sign the articles that no staff member wrote. Please choose another name.';

/** A person's name as it appears on bylines; the reserved bylines are not anyone's. */
const DisplayName = z
  .string()
  .trim()
  .min(1, "Please enter a name.")
  .max(80, "The name can be at most 80 characters.")
  .check(allowedText("The name"))
  .refine((name) => !isReservedByline(name), RESERVED_BYLINE_MESSAGE);

const Role = z.enum(STAFF_ROLES, { message: "Please choose a role." });

/** Invite: the person's name (their byline), their e-mail address and their role. */
export const InvitationForm = z.object({
  name: DisplayName,
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, "Please enter a valid email address.")
    .refine(isPlainMailbox, "Please enter a valid email address."),
  role: Role,
});

const StaffId = FormId;

/** The Staff tab's row actions. */
export const StaffAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite") }),
  z.object({ intent: z.literal("changeRole"), id: StaffId, role: Role }),
  z.object({ intent: z.literal("suspend"), id: StaffId }),
  z.object({ intent: z.literal("reactivate"), id: StaffId }),
  z.object({ intent: z.literal("delete"), id: StaffId }),
  z.object({ intent: z.literal("revokeInvitation"), id: StaffId }),
  z.object({ intent: z.literal("resetSecondStep"), id: StaffId }),
]);

/** Accepting an invitation: the username and password the person chooses (the CLI's rules), typed twice. */
export const AcceptInvitationForm = z
  .object({
    username: AdminUsername,
    password: z.string().pipe(AdminPassword),
    confirm: z.string(),
  })
  .refine((value) => value.password === value.confirm, { message: "The two passwords differ.", path: ["confirm"] });

const LINK_LINE = /^(.{1,40}?)\s+(https?:\/\/\S+)$/u;

/** A profile's links, one per line as "Label https://…", at most 5. */
const Links = z
  .string()
  .max(2_000, "The links can be at most 2,000 characters.")
  .check(allowedText("The links", { lines: "multi-line" }))
  .transform((value, context) => {
    const lines = value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length > 5) {
      context.addIssue({ code: "custom", message: "Add at most 5 links." });
      return z.NEVER;
    }
    const links = [];
    for (const line of lines) {
      const match = LINK_LINE.exec(line);
      if (!match?.[1] || !match[2] || !URL.canParse(match[2])) {
        context.addIssue({
          code: "custom",
          message: `Write each link as a label and an address, such as "Website https://example.com".`,
        });
        return z.NEVER;
      }
      links.push({ label: match[1], url: match[2] });
    }
    return links;
  });

/** A person's own profile: the byline, its role line, bio, avatar and links. */
export const ProfileForm = z.object({
  displayName: DisplayName,
  roleLine: z.string().trim().max(80, "The role line can be at most 80 characters.").check(allowedText("The role line")),
  bio: z
    .string()
    .trim()
    .max(600, "The bio can be at most 600 characters.")
    .check(allowedText("The bio", { lines: "multi-line" })),
  avatar: z
    .string()
    .trim()
    .max(2_000, "The avatar address can be at most 2,000 characters.")
    .refine(isImageAddress, IMAGE_ADDRESS_MESSAGE)
    .check(allowedText("The avatar address")),
  links: Links,
});

/** A person's own password change: the current one, and the new one twice. */
export const PasswordForm = z
  .object({
    // No password can hold a control character (AdminPassword refuses them), so none is accepted here either.
    current: z.string().min(1, "Please enter your current password.").max(1000).check(allowedText("The current password")),
    password: z.string().pipe(AdminPassword),
    confirm: z.string(),
    // "Sign out my other sessions": a hidden "no" before the checkbox's "yes", so an unchecked box says no and a
    // form without either (a script) gets the default, yes.
    endOthers: z.enum(["yes", "no"]).default("yes"),
  })
  .refine((value) => value.password === value.confirm, { message: "The two passwords differ.", path: ["confirm"] });

/** The first message of a failed parse, as a sentence. */
export function firstProblem(error: z.ZodError, fallback = "Please check the form."): string {
  const issue = error.issues[0];
  if (!issue) return fallback;
  const field = issue.path[0];
  // AdminUsername and AdminPassword say "must be ..." for the CLI, which prints the field before them.
  if (field === "username" && /^(must|may|contains)\b/.test(issue.message)) return `The username ${issue.message}.`;
  if (field === "password" && /^(must|may|contains)\b/.test(issue.message)) return `The password ${issue.message}.`;
  return issue.message;
}
