import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Accounts of the embedded auth service. `email` is stored lower-cased. */
export const users = pgTable(
  'auth_users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** argon2id PHC string; null for accounts created through OAuth / Telegram only. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    patronymic: text('patronymic').notNull().default(''),
    messengerLink: text('messenger_link').notNull().default(''),
    phone: text('phone'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    phoneConfirmed: boolean('phone_confirmed').notNull().default(false),
    avatarFileId: text('avatar_file_id'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    /** New address asked for by changeLogin, applied when confirmed. */
    pendingEmail: text('pending_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_users_email_uq').on(t.email)],
);

/** A signed-in session (`sid` in the access token); its refresh tokens form one family. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set on logout, password reset or refresh-token reuse: the access tokens of the session stop working. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, SHA-256 at rest, single use. */
export const refreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it was exchanged for its child. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** The child token sealed with a key derived from this token (for the race grace only). */
    childSealed: text('child_sealed'),
  },
  (t) => [uniqueIndex('auth_refresh_tokens_hash_uq').on(t.tokenHash), index('auth_refresh_tokens_session_idx').on(t.sessionId)],
);

/** RS256 signing keys. The newest active key signs; retired keys verify until `verifyUntil`. */
export const authKeys = pgTable('auth_keys', {
  kid: text('kid').primaryKey(),
  privateKey: text('private_key').notNull(),
  publicKey: text('public_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  verifyUntil: timestamp('verify_until', { withTimezone: true }),
});

/** One-time links and codes (e-mail confirmation, password reset, confirmation codes): hashed, 1 hour. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purpose: text('purpose').notNull(),
    /** The user, when known (register codes are asked before the account exists). */
    userId: text('user_id'),
    /** Where it was sent: an e-mail address or a phone number. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('auth_codes_hash_idx').on(t.codeHash), index('auth_codes_target_idx').on(t.purpose, t.target)],
);

/** Mail and SMS that went out (or would have, when no SMTP is configured). */
export const outbox = pgTable(
  'auth_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('auth_outbox_recipient_idx').on(t.recipient)],
);

/** Fixed-window rate-limit counters shared by all instances. */
export const rateLimits = pgTable(
  'auth_rate_limits',
  {
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.subject] })],
);

/** External identities (Яндекс ID, VK ID, Telegram) linked to a user. */
export const linkedAccounts = pgTable(
  'auth_linked_accounts',
  {
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index('auth_linked_user_idx').on(t.userId)],
);

/** OAuth round trips in flight: state → PKCE verifier (10 minutes). */
export const oauthStates = pgTable('auth_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  linkUserId: text('link_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
