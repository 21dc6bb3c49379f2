import 'server-only';
import type { SpecDocument } from '@/lib/domain/cost';
import { issuesToFields } from '@/lib/schemas/envelope';
import { asSpecDocument, specificationSchema } from '@/lib/schemas/specification';
import type { Db } from '../../db/client';
import { ServiceError } from '../../errors';
import { resolveObject } from '../files/access';

/** A stored specification the caller may read: its document parsed from the object's metadata. */
export async function readStoredSpec(db: Db, userId: string, specId: string, nested = true): Promise<SpecDocument> {
  let row;
  try {
    ({ row } = await resolveObject(db, userId, specId, 'read'));
  } catch (e) {
    if (e instanceof ServiceError && e.code === 'NOT_FOUND') {
      if (!nested) throw new ServiceError('NOT_FOUND', 'Спецификация не найдена.');
      throw new ServiceError('NESTED_SPEC_NOT_FOUND', `Спецификация не найдена (${specId}).`, { extra: { specId } });
    }
    throw e;
  }
  if (row.type !== 'specifications' || row.kind !== 'file') {
    throw new ServiceError(nested ? 'NESTED_SPEC_NOT_FOUND' : 'NOT_FOUND', `«${row.name}» — не спецификация.`, { extra: { specId } });
  }
  return specDocOf(row);
}

/** The document of a specification row (its metadata); one filled in wrong is a 422 naming it. */
export function specDocOf(row: { id: string; name: string; metadata: string }): SpecDocument {
  const specId = row.id;
  let json: unknown;
  try {
    json = JSON.parse(row.metadata);
  } catch {
    json = null;
  }
  const parsed = specificationSchema.safeParse(json);
  if (!parsed.success) {
    throw new ServiceError('VALIDATION_ERROR', `Спецификация «${row.name}» заполнена с ошибками: откройте её и исправьте.`, {
      fields: Object.fromEntries(Object.entries(issuesToFields(parsed.error.issues)).map(([k, v]) => [`specs.${specId}.${k}`, v])),
      extra: { specId },
    });
  }
  return asSpecDocument(parsed.data);
}

/**
 * Every nested specification the калькуляция needs: ids found in `root` and, recursively, in each nested
 * document, taken from `given` first and from storage otherwise. Cycles are left for the engine to report.
 */
export async function collectSpecs(
  db: Db,
  userId: string,
  root: SpecDocument,
  given: Record<string, SpecDocument>,
): Promise<Map<string, SpecDocument>> {
  const found = new Map<string, SpecDocument>(Object.entries(given));
  const seen = new Set<string>();
  let queue = root.materials.map((m) => m.specId).filter((x): x is string => !!x);
  while (queue.length) {
    const next: string[] = [];
    for (const id of queue) {
      if (seen.has(id)) continue;
      seen.add(id);
      let doc = found.get(id);
      if (!doc) {
        doc = await readStoredSpec(db, userId, id);
        found.set(id, doc);
      }
      for (const m of doc.materials) if (m.specId && !seen.has(m.specId)) next.push(m.specId);
    }
    queue = next;
  }
  return found;
}
