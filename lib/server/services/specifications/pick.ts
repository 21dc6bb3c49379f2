import 'server-only';
import { pickSpecificationsInput } from '@/lib/schemas/specification-calls';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { listObjects } from '../files/list-objects';
import { specObject } from './access';

/** A specification as a picker shows it. */
export interface PickedSpec {
  id: string;
  name: string;
  /** Its unit of output ('' when the document has none). */
  unit: string;
}

/** The document's unit of output, read off its text (at most 20 characters, as the schema allows). */
function unitOf(metadata: string): string {
  try {
    const unit = (JSON.parse(metadata) as { unit?: unknown } | null)?.unit;
    return typeof unit === 'string' ? unit.slice(0, 20) : '';
  } catch {
    return '';
  }
}

/**
 * `specs/pick {search?, offset, limit ≤ 50}` → `{items: [{id, name, unit}], total}`: a page of the caller's
 * specifications in every folder, by name, searched by a part of the name (as the file list searches).
 * `{ids}` → those of them the caller may read, in the order given (`total` = how many), and `denied`: the
 * others (gone, or no longer readable — a line shows «нет доступа» for them, never a name). Never the documents.
 */
export const pickSpecifications = defineCall({
  input: pickSpecificationsInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    if (input.ids) {
      const items: PickedSpec[] = [];
      const denied: string[] = [];
      for (const id of new Set(input.ids)) {
        try {
          const row = await specObject(ctx.db, user.id, id, 'read');
          items.push({ id: row.id, name: row.name, unit: unitOf(row.metadata) });
        } catch (e) {
          if (!(e instanceof ServiceError && e.code === 'NOT_FOUND')) throw e;
          denied.push(id);
        }
      }
      return { items, total: items.length, denied };
    }
    const page = await listObjects(ctx.db, user.id, {
      type: 'specifications',
      kind: 'file',
      recursive: true,
      search: input.search,
      sort: 'name',
      offset: input.offset,
      limit: input.limit,
      scope: 'own',
      // The unit is read from each document (a page of at most 50).
      metadata: true,
    });
    const items: PickedSpec[] = page.objects.map((o) => ({ id: o.id, name: o.name, unit: unitOf(o.metadata ?? '{}') }));
    return { items, total: page.total };
  },
});
