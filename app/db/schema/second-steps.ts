import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "./admins";

/**
 * Recovery codes for a lost second step: ten at a time, shown once, of which only a hash is stored. `usedAt` set
 * means used; making new ones deletes the old.
 */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("recovery_codes_admin_id_idx").on(table.adminId)],
);

/** Passkeys (WebAuthn credentials): a passkey alone signs in. The relying party is SITE_URL's host. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    /** The credential's id, base64url, as the browser names it. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter (an unsigned 32-bit number; 0 for those that keep none). */
    signCount: bigint("sign_count", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    /** Whether the authenticator said the credential is backed up (synced between devices). */
    backedUp: boolean("backed_up").notNull().default(false),
    /** The owner's name for it ("Work laptop"). */
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("passkeys_credential_id_unique").on(table.credentialId),
    index("passkeys_admin_id_idx").on(table.adminId),
  ],
);

/**
 * WebAuthn challenges: each used once (taken with a delete) and bound to what asked for it, the SHA-256 hash of the
 * session's, the pending sign-in's or the sign-in page's own token, so a challenge from one browser cannot answer
 * for another.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    challenge: text("challenge").notNull(),
    /** "registration" (adding a passkey in Profile) or "authentication" (signing in with one). */
    purpose: text("purpose").notNull(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "cascade" }),
    bindingHash: text("binding_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("webauthn_challenges_challenge_unique").on(table.challenge),
    index("webauthn_challenges_expires_at_idx").on(table.expiresAt),
  ],
);
