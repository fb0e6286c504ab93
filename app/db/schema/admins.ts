import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { STAFF_ROLES } from "../../domain/permissions";
import { authors } from "./authors";

export const staffRole = pgEnum("staff_role", STAFF_ROLES);

/**
 * Staff accounts (the table keeps its first name, "admins"). Only a password hash is stored. A suspended
 * account keeps its articles and byline but cannot sign in, and its sessions are gone.
 */
export const admins = pgTable(
  "admins",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    authorId: integer("author_id")
      .notNull()
      .references(() => authors.id, { onDelete: "restrict" }),
    role: staffRole("role").notNull().default("contributor"),
    email: text("email").notNull().default(""),
    /** When the address was shown to reach this person (an invitation accepted there, a confirmation link); a reset is mailed only to a verified address. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** The authenticator app's shared secret (RFC 6238) once confirmed with a first code; null without one. */
    totpSecret: text("totp_secret"),
    /** A secret shown in Profile's set-up and not yet confirmed with a code; it replaces `totpSecret` when confirmed. */
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code of that step or an earlier one is refused (replay). */
    totpLastStep: integer("totp_last_step"),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("admins_username_unique").on(sql`lower(${table.username})`)],
);

/**
 * Admin sessions: only the SHA-256 hash of the cookie's random token is stored. `id` names a session to its owner
 * (the Profile's list, "end this session") without revealing anything that signs in.
 */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    id: integer("id").notNull().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a request last used it: a session unused for 12 hours has ended. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent and the client address at sign-in, for the owner's list of sessions. */
    userAgent: text("user_agent").notNull().default(""),
    clientAddress: text("client_address").notNull().default(""),
    /** How it began: "password", "password and app code", "passkey", "recovery code", "reset link", "invitation". */
    signedInWith: text("signed_in_with").notNull().default("password"),
  },
  (table) => [
    uniqueIndex("sessions_id_unique").on(table.id),
    index("sessions_admin_id_idx").on(table.adminId),
    index("sessions_expires_at_idx").on(table.expiresAt),
  ],
);

/**
 * A sign-in whose password was right, waiting for its second step (an app code, a recovery code or a passkey). Its
 * own short-lived cookie carries the token, of which only the SHA-256 hash is stored; it gives no access to anything
 * but the second screen, and its failures count towards the account's lockout.
 */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    tokenHash: text("token_hash").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failures: integer("failures").notNull().default(0),
    /** The admin page the sign-in form was on, to go back to afterwards. */
    returnTo: text("return_to").notNull().default("/admin"),
    userAgent: text("user_agent").notNull().default(""),
    clientAddress: text("client_address").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("pending_sign_ins_admin_id_idx").on(table.adminId)],
);

/**
 * The browsers an account has signed in from: a long-lived cookie's random id, of which only the SHA-256 hash is
 * kept. A sign-in from a browser not listed here mails the owner "New sign-in to {publication}".
 */
export const staffBrowsers = pgTable(
  "staff_browsers",
  {
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    browserHash: text("browser_hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.adminId, table.browserHash] })],
);

/**
 * A new e-mail address waiting to be confirmed from the link mailed to it (valid 24 hours, used once, only the hash
 * of its secret stored). The account keeps its old address until then.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("email_changes_admin_id_created_at_idx").on(table.adminId, table.createdAt)],
);

/** Failed-login counters per lower-cased username, so a lockout holds across instances and restarts. */
export const loginAttempts = pgTable("login_attempts", {
  username: text("username").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }).notNull(),
});

/**
 * Invitations to join the staff: a one-time link, valid 24 hours, of which only the SHA-256 hash of the
 * secret part is stored. `acceptedAt` set means used; the row stays as the record of who invited whom.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: staffRole("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: integer("invited_by").references(() => admins.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: integer("accepted_by").references(() => admins.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("staff_invitations_token_hash_unique").on(table.tokenHash)],
);

/**
 * Password reset links: valid one hour, used once, of which only the SHA-256 hash of the secret part is stored.
 * `usedAt` set means used (or made void by a later reset of the same account).
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("password_resets_admin_id_created_at_idx").on(table.adminId, table.createdAt)],
);

export type AdminRow = typeof admins.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
