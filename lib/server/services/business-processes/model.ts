import 'server-only';
import { and, eq } from 'drizzle-orm';
import { processTotals, type ProcessSet } from '@/lib/domain/business-processes';
import * as z from '@/lib/schemas/zod';
import type { Db } from '../../db/client';
import { businessProcesses } from '../../db/schema';
import { ServiceError } from '../../errors';

export type BusinessProcessRow = typeof businessProcesses.$inferSelect;

/** A business process as the wire gives it: its steps, totals per unit and version. */
export const toWire = (r: BusinessProcessRow) => {
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

export const processNotFound = () => new ServiceError('NOT_FOUND', 'Набор процессов не найден.');

/** 409 CONFLICT with the current `version`: the process was saved elsewhere since the caller read it. */
export const processConflict = (version: number) =>
  new ServiceError('CONFLICT', 'Набор изменён в другой вкладке. Обновите страницу.', { extra: { version } });

/** The caller's business process row, or undefined (ids that are not uuids are simply not found). */
export async function businessProcessRow(db: Db, userId: string, id: string): Promise<BusinessProcessRow | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [row] = await db.select().from(businessProcesses).where(and(eq(businessProcesses.id, id), eq(businessProcesses.ownerId, userId)));
  return row;
}

/** A business process of the user as the cost engine takes it, or null. */
export async function findBusinessProcess(db: Db, userId: string, id: string): Promise<ProcessSet | null> {
  const row = await businessProcessRow(db, userId, id);
  return row ? { name: row.name, steps: row.steps as unknown as ProcessSet['steps'] } : null;
}
