import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("admins_username_unique").on(sql`lower(${table.username})`)],
);

/** Admin sessions: only the SHA-256 hash of the cookie's random token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sessions_admin_id_idx").on(table.adminId), index("sessions_expires_at_idx").on(table.expiresAt)],
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
