import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { fileObjects } from '../../db/schema';
import { accessOf } from '../files/access';
import { specsMentioning, specDocument } from '../specifications/mentioning';
import { notify } from './notify';

type Ctx = Pick<AppContext, 'db'>;

/** Most specifications named in one notification's text. */
const NAMED = 3;

const names = (specs: { name: string }[]) => {
  const shown = specs.slice(0, NAMED).map((s) => `«${s.name}»`).join(', ');
  return specs.length > NAMED ? `${shown} и ещё ${specs.length - NAMED}` : shown;
};

const specHref = (id: string) => `/specifications/create/${encodeURIComponent(id)}`;

/**
 * A specification got a new version: every other user whose specification takes it as a semi-finished good
 * (a material line with its `specId`; any owner — it may be shared with them) and who may read it now (the
 * file manager's access: owner, a share on it or a folder above it, or public) is told its prices are out of
 * date («цены устарели»), one notification per owner. A line that still points at it after the share ended
 * tells its author nothing: the name is the owner's. The writer is not told about their own change.
 */
export async function notifySpecChanged(ctx: Ctx, actorId: string, spec: { id: string; name: string }): Promise<void> {
  const users = await ctx.db
    .select({ id: fileObjects.id, name: fileObjects.name, ownerId: fileObjects.ownerId, metadata: fileObjects.metadata })
    .from(fileObjects)
    .where(
      and(
        eq(fileObjects.type, 'specifications'),
        eq(fileObjects.kind, 'file'),
        isNull(fileObjects.trashId),
        sql`${fileObjects.ownerId} <> ${actorId}`,
        sql`strpos(${fileObjects.metadata}, ${spec.id}) > 0`,
      ),
    )
    .limit(200);
  const byOwner = new Map<string, { id: string; name: string }[]>();
  for (const row of users) {
    if (row.id === spec.id) continue;
    const materials = specDocument(row.metadata).materials;
    if (!Array.isArray(materials) || !materials.some((m) => m?.specId === spec.id)) continue;
    byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), { id: row.id, name: row.name }]);
  }
  for (const [ownerId, specs] of byOwner) {
    if (!(await accessOf(ctx.db, ownerId, spec.id))) continue;
    await notify(
      ctx,
      ownerId,
      'spec_stale',
      `Цены устарели: изменилась спецификация «${spec.name}»`,
      `Она входит полуфабрикатом в ${specs.length > 1 ? 'ваши спецификации' : 'вашу спецификацию'} ${names(specs)}. Пересчитайте, чтобы цены были актуальными.`,
      specHref(specs[0]!.id),
    );
  }
}

/**
 * A process set changed: its owner's specifications that take their operations from it need recalculation
 * («требует пересчёта»); one notification names them. Nothing when no specification uses the set.
 */
export async function notifyProcessChanged(ctx: Ctx, ownerId: string, set: { id: string; name: string }): Promise<void> {
  const specs = (await specsMentioning(ctx.db, ownerId, set.id)).filter((c) => c.doc.processSetId === set.id);
  if (specs.length === 0) return;
  await notify(
    ctx,
    ownerId,
    'process_changed',
    `Изменился набор процессов «${set.name}»`,
    `${specs.length > 1 ? 'Требуют' : 'Требует'} пересчёта: ${names(specs)}.`,
    specs.length === 1 ? specHref(specs[0]!.id) : `/business-processes`,
  );
}
