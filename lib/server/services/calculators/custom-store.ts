import 'server-only';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { CustomDefinition } from '@/lib/schemas/calculators-custom';
import type { Db } from '../../db/client';
import { customCalculators } from '../../db/schema';
import { ServiceError } from '../../errors';

export interface CustomCalculator extends CustomDefinition {
  id: string;
  shareToken: string | null;
  own: boolean;
  updatedAt: string;
}

type Row = typeof customCalculators.$inferSelect;

const toWire = (r: Row, userId: string): CustomCalculator => {
  const d = r.definition as Omit<CustomDefinition, 'name'>;
  const own = r.ownerId === userId;
  return { id: r.id, name: r.name, inputs: d.inputs, formulas: d.formulas, shareToken: own ? r.shareToken : null, own, updatedAt: r.updatedAt.toISOString() };
};

const notFound = () => new ServiceError('NOT_FOUND', 'Калькулятор не найден или ссылка больше не действует.');

export async function listCustom(db: Db, userId: string): Promise<CustomCalculator[]> {
  const rows = await db.select().from(customCalculators).where(eq(customCalculators.ownerId, userId)).orderBy(desc(customCalculators.updatedAt));
  return rows.map((r) => toWire(r, userId));
}

/** By id (owner only) or by share token (any signed-in user); someone else's id answers 404. */
export async function findCustom(db: Db, userId: string, ref: { id: string } | { token: string }): Promise<CustomCalculator> {
  const where = 'id' in ref ? and(eq(customCalculators.id, ref.id), eq(customCalculators.ownerId, userId)) : eq(customCalculators.shareToken, ref.token);
  const [row] = await db.select().from(customCalculators).where(where).limit(1);
  if (!row) throw notFound();
  return toWire(row, userId);
}

export async function saveCustom(db: Db, userId: string, def: CustomDefinition & { id?: string }): Promise<CustomCalculator> {
  const definition = { inputs: def.inputs, formulas: def.formulas };
  if (def.id) {
    const [row] = await db
      .update(customCalculators)
      .set({ name: def.name, definition, updatedAt: new Date() })
      .where(and(eq(customCalculators.id, def.id), eq(customCalculators.ownerId, userId)))
      .returning();
    if (!row) throw notFound();
    return toWire(row, userId);
  }
  const [row] = await db.insert(customCalculators).values({ id: randomUUID(), ownerId: userId, name: def.name, definition }).returning();
  return toWire(row!, userId);
}

export async function deleteCustom(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db.delete(customCalculators).where(and(eq(customCalculators.id, id), eq(customCalculators.ownerId, userId))).returning({ id: customCalculators.id });
  if (rows.length === 0) throw notFound();
}

/** Gives the calculator a share token (kept if it has one). */
export async function shareCustom(db: Db, userId: string, id: string): Promise<string> {
  const current = await findCustom(db, userId, { id });
  if (current.shareToken) return current.shareToken;
  const token = randomBytes(18).toString('base64url');
  await db.update(customCalculators).set({ shareToken: token }).where(and(eq(customCalculators.id, id), eq(customCalculators.ownerId, userId)));
  return token;
}

const sameDefinition = (a: CustomCalculator, b: CustomCalculator) =>
  a.name === b.name && JSON.stringify({ i: a.inputs, f: a.formulas }) === JSON.stringify({ i: b.inputs, f: b.formulas });

/**
 * «Добавить в мои калькуляторы»: a copy of a shared calculator (by its link token) in the user's own list,
 * without the share token. The owner, or a user who already has the same calculator, gets theirs back
 * (`added: false`), so pressing twice does not make duplicates.
 */
export async function copySharedCustom(db: Db, userId: string, token: string): Promise<{ calculator: CustomCalculator; added: boolean }> {
  const shared = await findCustom(db, userId, { token });
  if (shared.own) return { calculator: shared, added: false };
  const existing = (await listCustom(db, userId)).find((c) => sameDefinition(c, shared));
  if (existing) return { calculator: existing, added: false };
  const calculator = await saveCustom(db, userId, { name: shared.name, inputs: shared.inputs, formulas: shared.formulas });
  return { calculator, added: true };
}
