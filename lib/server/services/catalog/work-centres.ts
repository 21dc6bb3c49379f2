import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { kopToRub, rubToKop } from '@/lib/domain/catalog';
import type { WorkCentre, WorkCentreData } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { businessProcesses, workCentres } from '../../db/schema';
import { ServiceError } from '../../errors';
import { specsMentioning } from '../specifications/mentioning';

export type WorkCentreRow = typeof workCentres.$inferSelect;

export const workCentreNotFound = () => new ServiceError('NOT_FOUND', 'Рабочий центр не найден — возможно, его удалили.');
export const workCentreConflict = (version: number) =>
  new ServiceError('CONFLICT', 'Рабочий центр уже изменили в другом окне. Обновите страницу и внесите правки снова.', { extra: { version } });

export const workCentreOnWire = (r: WorkCentreRow): WorkCentre => ({
  id: r.id,
  name: r.name,
  kind: r.kind as WorkCentre['kind'],
  hourlyRate: kopToRub(r.hourlyRateKop),
  machineHourRate: kopToRub(r.machineHourRateKop),
  notes: r.notes,
  archived: r.archived,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const workCentreColumns = (d: WorkCentreData) => ({
  name: d.name,
  kind: d.kind,
  hourlyRateKop: rubToKop(d.hourlyRate),
  machineHourRateKop: rubToKop(d.machineHourRate),
  notes: d.notes,
  archived: d.archived,
});

export async function findWorkCentre(db: Db, ownerId: string, id: string): Promise<WorkCentreRow | undefined> {
  const [r] = await db.select().from(workCentres).where(and(eq(workCentres.id, id), eq(workCentres.ownerId, ownerId)));
  return r;
}

type Step = Record<string, unknown> & { workCentreId?: unknown; equipment?: Record<string, unknown> };

/** The owner's business processes with a step pointing at the work centre. */
export async function processesUsing(db: Db, ownerId: string, id: string) {
  const rows = await db
    .select()
    .from(businessProcesses)
    .where(and(eq(businessProcesses.ownerId, ownerId), sql`strpos(${businessProcesses.steps}::text, ${id}) > 0`));
  return rows.filter((r) => (r.steps as Step[]).some((s) => s.workCentreId === id));
}

/** The owner's specifications (not in the trash) with an operation pointing at the work centre. */
export async function specsUsingCentre(db: Db, ownerId: string, id: string): Promise<{ id: string; name: string }[]> {
  const out: { id: string; name: string }[] = [];
  for (const s of await specsMentioning(db, ownerId, id)) {
    const ops = (s.doc as { operations?: { workCentreId?: unknown }[] }).operations;
    if (Array.isArray(ops) && ops.some((o) => o?.workCentreId === id)) out.push({ id: s.id, name: s.name });
  }
  return out;
}

/**
 * Copies the centre's rates into every step pointing at it (labour rate; machine-hour rate when it has one),
 * a new version of each process: the specifications taking those processes become «требует пересчёта».
 */
export async function spreadRates(db: Db, ownerId: string, wc: WorkCentreRow) {
  const touched: { id: string; name: string }[] = [];
  for (const p of await processesUsing(db, ownerId, wc.id)) {
    const steps = (p.steps as Step[]).map((s) => {
      if (s.workCentreId !== wc.id) return s;
      const next: Step = { ...s, rate: kopToRub(wc.hourlyRateKop) };
      if (wc.machineHourRateKop > 0 || s.equipment) next.equipment = { ...(s.equipment ?? {}), machineRate: kopToRub(wc.machineHourRateKop) };
      return next;
    });
    await db
      .update(businessProcesses)
      .set({ steps, version: sql`${businessProcesses.version} + 1`, updatedAt: sql`now()` })
      .where(eq(businessProcesses.id, p.id));
    touched.push({ id: p.id, name: p.name });
  }
  return touched;
}
