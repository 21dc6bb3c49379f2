import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { authCodes } from '../../db/schema';
import { CODE_TTL_MS } from './config';
import { randomCode, randomToken, sha256 } from './crypto';

export type CodePurpose = 'confirm_email' | 'reset_password' | 'change_login' | 'code_register' | 'code_phone' | 'code_change_login';

/** Wrong guesses allowed for a short numeric code before it is burnt. */
const MAX_CODE_ATTEMPTS = 5;

/**
 * Issues a one-time link token or numeric code (hashed at rest, 1 hour). A new one for the same purpose and
 * target invalidates the old ones.
 */
export async function issueCode(
  ctx: AppContext,
  p: { purpose: CodePurpose; target: string; userId?: string | null; kind: 'link' | 'code' },
): Promise<string> {
  const secret = p.kind === 'link' ? randomToken() : randomCode(6);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(authCodes)
      .set({ usedAt: now })
      .where(and(eq(authCodes.purpose, p.purpose), eq(authCodes.target, p.target), isNull(authCodes.usedAt)));
    await tx.insert(authCodes).values({
      purpose: p.purpose,
      target: p.target,
      userId: p.userId ?? null,
      codeHash: sha256(p.kind === 'code' ? `${p.purpose}:${p.target}:${secret}` : secret),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  return secret;
}

export interface UsedCode {
  userId: string | null;
  target: string;
}

/** Spends a link token (single use). Null when unknown, used or expired. */
export async function spendLinkToken(ctx: AppContext, purpose: CodePurpose, token: string): Promise<UsedCode | null> {
  if (!token || token.length > 200) return null;
  const [row] = await ctx.db
    .update(authCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authCodes.purpose, purpose),
        eq(authCodes.codeHash, sha256(token)),
        isNull(authCodes.usedAt),
        gt(authCodes.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authCodes.userId, target: authCodes.target });
  return row ?? null;
}

/** Checks a link token without spending it (the reset page opens before the new password is sent). */
export async function peekLinkToken(ctx: AppContext, purpose: CodePurpose, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const found = await ctx.db
    .select({ id: authCodes.id })
    .from(authCodes)
    .where(
      and(
        eq(authCodes.purpose, purpose),
        eq(authCodes.codeHash, sha256(token)),
        isNull(authCodes.usedAt),
        gt(authCodes.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return found.length > 0;
}

/** Spends a numeric code sent to `target`; wrong guesses count, the fifth burns the code. */
export async function spendNumericCode(ctx: AppContext, purpose: CodePurpose, target: string, code: string): Promise<UsedCode | null> {
  const now = new Date();
  const live = and(eq(authCodes.purpose, purpose), eq(authCodes.target, target), isNull(authCodes.usedAt), gt(authCodes.expiresAt, now));
  const [row] = await ctx.db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(live, eq(authCodes.codeHash, sha256(`${purpose}:${target}:${code}`))))
    .returning({ userId: authCodes.userId, target: authCodes.target });
  if (row) return row;
  await ctx.db
    .update(authCodes)
    .set({
      attempts: sql`${authCodes.attempts} + 1`,
      usedAt: sql`case when ${authCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then now() else null end`,
    })
    .where(live);
  return null;
}
