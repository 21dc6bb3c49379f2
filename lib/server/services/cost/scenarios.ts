import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CostParams, SpecDocument } from '@/lib/domain/cost';
import { costScenarios } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { deleteScenarioInput, listScenariosInput, saveScenarioInput } from '@/lib/schemas/cost';

type ScenarioRow = typeof costScenarios.$inferSelect;

const toWire = (r: ScenarioRow) => ({
  id: r.id,
  name: r.name,
  specId: r.specId,
  // Both were checked by their schemas when saved.
  spec: r.spec as SpecDocument | null,
  params: r.params as CostParams,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const notFound = () => new ServiceError('NOT_FOUND', 'Сценарий не найден.');

/** `cost/scenarios/list {}` → `{scenarios}` of the caller, newest first. */
export const listScenariosCall = defineCall({
  input: listScenariosInput,
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    const list = await ctx.db.select().from(costScenarios).where(eq(costScenarios.userId, user.id)).orderBy(desc(costScenarios.updatedAt));
    return { scenarios: list.map(toWire) };
  },
});

/**
 * `cost/scenarios/save {id?, version?, name, specId? | spec?, params}` → `{scenario}` (a new one without id); a
 * stale `version` → 409 CONFLICT with the current one; without `version` the save overwrites.
 */
export const saveScenarioCall = defineCall({
  input: saveScenarioInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const values = {
      name: input.name,
      specId: input.specId ?? null,
      spec: (input.spec ?? null) as Record<string, unknown> | null,
      params: JSON.parse(JSON.stringify(input.params)) as Record<string, unknown>,
    };
    if (!input.id) {
      const [row] = await ctx.db.insert(costScenarios).values({ userId: user.id, ...values }).returning();
      return { msg: 'Сценарий сохранён', scenario: toWire(row!) };
    }
    const where = [eq(costScenarios.id, input.id), eq(costScenarios.userId, user.id)];
    // With `version` the update is conditional in SQL: of parallel saves from one version exactly one is written.
    if (input.version !== undefined) where.push(eq(costScenarios.version, input.version));
    const [row] = await ctx.db
      .update(costScenarios)
      .set({ ...values, version: sql`${costScenarios.version} + 1`, updatedAt: sql`now()` })
      .where(and(...where))
      .returning();
    if (!row) {
      const [cur] = await ctx.db.select({ version: costScenarios.version }).from(costScenarios).where(and(eq(costScenarios.id, input.id), eq(costScenarios.userId, user.id)));
      if (!cur) throw notFound();
      throw new ServiceError('CONFLICT', 'Сценарий изменён в другой вкладке. Обновите страницу.', { extra: { version: cur.version } });
    }
    return { msg: 'Сценарий сохранён', scenario: toWire(row) };
  },
});

/** `cost/scenarios/delete {id}` → `{}`. */
export const deleteScenarioCall = defineCall({
  input: deleteScenarioInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const gone = await ctx.db
      .delete(costScenarios)
      .where(and(eq(costScenarios.id, input.id), eq(costScenarios.userId, user.id)))
      .returning({ id: costScenarios.id });
    if (!gone.length) throw notFound();
    return { msg: 'Сценарий удалён' };
  },
});
