import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { processTotals, type ProcessSet } from '@/lib/domain/cost';
import { z } from '@/lib/schemas/envelope';
import { processSetSchema } from '@/lib/schemas/specification';
import type { Db } from '../../db/client';
import { businessProcesses } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';

type Row = typeof businessProcesses.$inferSelect;

const toWire = (r: Row) => {
  const set = { name: r.name, steps: r.steps as unknown as ProcessSet['steps'] };
  return {
    id: r.id,
    name: r.name,
    steps: set.steps,
    totals: processTotals(set),
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
};

const notFound = () => new ServiceError('NOT_FOUND', 'Набор процессов не найден.');
const setId = z.uuid({ error: 'Неверный идентификатор набора процессов.' });

/** A set of the user, or null (ids that are not uuids are simply not found). */
export async function findProcessSet(db: Db, userId: string, id: string): Promise<ProcessSet | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await db.select().from(businessProcesses).where(and(eq(businessProcesses.id, id), eq(businessProcesses.ownerId, userId)));
  return row ? { name: row.name, steps: row.steps as unknown as ProcessSet['steps'] } : null;
}

/** `processes/list {}` → `{sets}` with totals per unit. */
export const listProcessSetsCall = defineCall({
  input: z.object({}),
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    const rows = await ctx.db.select().from(businessProcesses).where(eq(businessProcesses.ownerId, user.id)).orderBy(desc(businessProcesses.updatedAt));
    return { sets: rows.map(toWire) };
  },
});

/** `processes/save {id?, version?, name, steps}` → `{set}`; stale version → 409. */
export const saveProcessSetCall = defineCall({
  input: processSetSchema.extend({ id: setId.optional(), version: z.number().int().positive().optional() }),
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const steps = JSON.parse(JSON.stringify(input.steps)) as Record<string, unknown>[];
    if (!input.id) {
      const [row] = await ctx.db.insert(businessProcesses).values({ ownerId: user.id, name: input.name, steps }).returning();
      return { msg: 'Набор процессов сохранён', set: toWire(row!) };
    }
    const [cur] = await ctx.db.select().from(businessProcesses).where(and(eq(businessProcesses.id, input.id), eq(businessProcesses.ownerId, user.id)));
    if (!cur) throw notFound();
    if (input.version !== undefined && input.version !== cur.version) {
      throw new ServiceError('CONFLICT', 'Набор изменён в другой вкладке. Обновите страницу.', { extra: { version: cur.version } });
    }
    const [row] = await ctx.db
      .update(businessProcesses)
      .set({ name: input.name, steps, version: cur.version + 1, updatedAt: new Date() })
      .where(eq(businessProcesses.id, cur.id))
      .returning();
    return { msg: 'Набор процессов сохранён', set: toWire(row!) };
  },
});

/** `processes/delete {id}` → `{}`. */
export const deleteProcessSetCall = defineCall({
  input: z.object({ id: setId }),
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const gone = await ctx.db
      .delete(businessProcesses)
      .where(and(eq(businessProcesses.id, input.id), eq(businessProcesses.ownerId, user.id)))
      .returning({ id: businessProcesses.id });
    if (!gone.length) throw notFound();
    return { msg: 'Набор процессов удалён' };
  },
});
