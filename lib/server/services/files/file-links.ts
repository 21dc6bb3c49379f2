import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { createFileLinkInput, listFileLinksInput, listLinkObjectsInput, openFileLinkInput, revokeFileLinkInput } from '@/lib/schemas/files';
import { requestHost } from '../../client-ip';
import type { Db } from '../../db/client';
import { fileLinks, fileObjects } from '../../db/schema';
import type { Env } from '../../env';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { hashPassword, verifyPassword } from '../auth/password';
import { resolveObject } from './access';
import { listObjects } from './list-objects';
import { newId, notFound, toWire } from './model';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Proof that the caller knew a link's password: bound to the token and the stored password hash. */
const grantOf = (token: string, passwordHash: string): string =>
  createHash('sha256').update(`${token}\u0000${passwordHash}`).digest('base64url');

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The site's own address for absolute links: PUBLIC_URL, else the request's host as the proxy tells. */
function siteOrigin(env: Env, req: Request): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const url = new URL(req.url);
  const host = requestHost(req, env.TRUST_PROXY);
  const proto = req.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '');
  return `${proto}://${host}`;
}

export const createFileLinkCall = defineCall({
  input: createFileLinkInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const { row } = await resolveObject(ctx.db, user.id, input.id, 'owner');
    let expiresAt: Date | null = null;
    if (input.expiresAt) {
      // A bare date means «until the end of that day» (Moscow time).
      expiresAt = new Date(input.expiresAt.length === 10 ? `${input.expiresAt}T23:59:59+03:00` : input.expiresAt);
      if (expiresAt.getTime() <= Date.now()) {
        throw new ServiceError('VALIDATION_ERROR', 'Срок действия ссылки уже прошёл.', { fields: { expiresAt: 'Укажите дату в будущем.' } });
      }
    }
    const token = randomBytes(32).toString('base64url');
    const id = newId();
    await ctx.db.insert(fileLinks).values({
      id,
      objectId: row.id,
      tokenHash: hashToken(token),
      passwordHash: input.password ? await hashPassword(input.password) : null,
      expiresAt,
      createdBy: user.id,
    });
    const link = `${siteOrigin(ctx.env, req)}/file/${encodeURIComponent(row.id)}?link=${token}`;
    return { link, token, link_id: id, expires_at: expiresAt?.toISOString() ?? null };
  },
});

/** The object's live links (owner only): `links: [{id, expires_at, has_password, created_at}]`. */
export const listFileLinksCall = defineCall({
  input: listFileLinksInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const { row } = await resolveObject(ctx.db, user.id, input.id, 'owner');
    const found = await ctx.db
      .select()
      .from(fileLinks)
      .where(and(eq(fileLinks.objectId, row.id), isNull(fileLinks.revokedAt)))
      .orderBy(desc(fileLinks.createdAt));
    return {
      links: found.map((l) => ({
        id: l.id,
        expires_at: l.expiresAt?.toISOString() ?? null,
        has_password: l.passwordHash !== null,
        created_at: l.createdAt.toISOString(),
        expired: l.expiresAt !== null && l.expiresAt.getTime() <= Date.now(),
      })),
    };
  },
});

/** Revokes a link (owner only): it stops opening at once. */
export const revokeFileLinkCall = defineCall({
  input: revokeFileLinkInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const [link] = await ctx.db.select().from(fileLinks).where(eq(fileLinks.id, input.link_id)).limit(1);
    if (!link || link.revokedAt) throw new ServiceError('NOT_FOUND', 'Ссылка не найдена.');
    await resolveObject(ctx.db, user.id, link.objectId, 'owner').catch((e: unknown) => {
      if (e instanceof ServiceError) throw new ServiceError('NOT_FOUND', 'Ссылка не найдена.');
      throw e;
    });
    await ctx.db.update(fileLinks).set({ revokedAt: sql`now()` }).where(eq(fileLinks.id, link.id));
    return { msg: 'Ссылка отозвана' };
  },
});

const linkGone = () => new ServiceError('NOT_FOUND', 'Ссылка недействительна: её отозвали, срок истёк или адрес неверный.');

/** The live link of a token, or throws 404. */
async function liveLink(db: Db, token: string) {
  const [link] = await db.select().from(fileLinks).where(eq(fileLinks.tokenHash, hashToken(token))).limit(1);
  if (!link || link.revokedAt || (link.expiresAt && link.expiresAt.getTime() <= Date.now())) throw linkGone();
  return link;
}

/**
 * Checks a link for object `objectId` (the linked object or anything inside a linked folder). A link with
 * a password needs `grant` (from openFileLink). Returns the object's row; throws 404 / 403 `LINK_PASSWORD`.
 */
export async function objectByLink(db: Db, token: string, objectId: string, grant?: string | null) {
  const link = await liveLink(db, token);
  if (link.passwordHash && !(grant && sameText(grant, grantOf(token, link.passwordHash)))) {
    throw new ServiceError('LINK_PASSWORD', 'Ссылка защищена паролем.');
  }
  const { path, row } = await resolveObject(db, link.createdBy, objectId, 'read').catch(() => {
    throw linkGone();
  });
  if (row.id !== link.objectId && !path.some((p) => p.id === link.objectId)) throw linkGone();
  return row;
}

const attempts = new Map<string, { count: number; since: number }>();
const WINDOW_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 10;

/**
 * The link of `token` after its password check: a valid `grant` (from an earlier openFileLink) or the right
 * `password` (wrong ones are limited to 10 per 10 minutes per link and address). Returns the link and the
 * grant to use with it (null for a link without a password).
 */
async function unlockLink(db: Db, input: { token: string; password?: string; grant?: string }, ip: string) {
  const link = await liveLink(db, input.token);
  if (!link.passwordHash) return { link, grant: null };
  const expected = grantOf(input.token, link.passwordHash);
  if (input.grant && sameText(input.grant, expected)) return { link, grant: expected };
  if (!input.password) throw new ServiceError('LINK_PASSWORD', 'Ссылка защищена паролем. Введите пароль.');
  const key = `${link.id}|${ip}`;
  const now = Date.now();
  const seen = attempts.get(key);
  if (seen && now - seen.since < WINDOW_MS && seen.count >= MAX_ATTEMPTS) {
    throw new ServiceError('RATE_LIMITED', 'Слишком много попыток. Попробуйте через 10 минут.', { headers: { 'Retry-After': '600' } });
  }
  if (!(await verifyPassword(link.passwordHash, input.password))) {
    const fresh = !seen || now - seen.since >= WINDOW_MS;
    attempts.set(key, { count: fresh ? 1 : seen.count + 1, since: fresh ? now : seen.since });
    throw new ServiceError('LINK_PASSWORD', 'Неверный пароль.', { fields: { password: 'Неверный пароль.' } });
  }
  attempts.delete(key);
  return { link, grant: expected };
}


/**
 * Opens a public link without sign-in: `{object, grant, path, link_root}`. `grant` (for a link with a
 * password) goes with `?link=…&grant=…` on GET /file/{id} and with the other link calls. With `id`, the object
 * is one inside the linked folder, and `path` leads to it from the linked folder (nothing above it is shown).
 */
export const openFileLinkCall = defineCall({
  input: openFileLinkInput,
  async handle({ input, ctx, ip }) {
    const { link, grant } = await unlockLink(ctx.db, input, ip);
    if (input.id && input.id !== link.objectId) {
      const { row, path } = await resolveObject(ctx.db, link.createdBy, input.id, 'read').catch(() => {
        throw linkGone();
      });
      const from = path.findIndex((p) => p.id === link.objectId);
      if (from < 0) throw linkGone();
      return { object: toWire(row, 'read'), grant, path: path.slice(from), link_root: link.objectId };
    }
    const [row] = await ctx.db.select().from(fileObjects).where(eq(fileObjects.id, link.objectId)).limit(1);
    if (!row || row.trashId !== null) throw notFound();
    return { object: toWire(row, 'read'), grant, path: [], link_root: link.objectId };
  },
});

/**
 * The contents of a folder opened by a public link (the linked folder, or `root` inside it), without sign-in:
 * `{objects, total}` as listObjects answers, every object with access `read`.
 */
export const listLinkObjectsCall = defineCall({
  input: listLinkObjectsInput,
  async handle({ input, ctx, ip }) {
    const { link } = await unlockLink(ctx.db, input, ip);
    const root = input.root ?? link.objectId;
    if (root !== link.objectId) await objectByLink(ctx.db, input.token, root, input.grant ?? null);
    const found = await listObjects(ctx.db, link.createdBy, {
      root,
      search: input.search,
      sort: input.sort,
      offset: input.offset,
      limit: input.limit,
      scope: 'own',
    });
    return { objects: found.objects.map((o) => ({ ...o, access: 'read' as const })), total: found.total };
  },
});
