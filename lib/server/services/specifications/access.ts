import 'server-only';
import type { FileAccess } from '@/lib/schemas/files';
import type { Db } from '../../db/client';
import { ServiceError } from '../../errors';
import { resolveObject } from '../files/access';
import type { ObjectRow } from '../files/model';

const specNotFound = () => new ServiceError('NOT_FOUND', 'Спецификация не найдена.');

/** 409 CONFLICT with the current `version`: the specification was saved elsewhere since the caller read it. */
export const specConflict = (version: number) =>
  new ServiceError('CONFLICT', 'Спецификацию изменили в другом окне или другой пользователь. Обновите страницу.', { extra: { version } });

/** A specification object the caller has `need` on (a file of type `specifications`). */
export async function specObject(db: Db, userId: string, id: string, need: FileAccess): Promise<ObjectRow> {
  let row: ObjectRow;
  try {
    ({ row } = await resolveObject(db, userId, id, need));
  } catch (e) {
    if (e instanceof ServiceError && e.code === 'NOT_FOUND') throw specNotFound();
    throw e;
  }
  if (row.type !== 'specifications' || row.kind !== 'file') throw specNotFound();
  return row;
}
