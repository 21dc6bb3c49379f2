import 'server-only';
import type { Db } from '../../db/client';
import { findSameInnKpp } from '../../db/queries/companies';

/** The ИНН + КПП warning: saving is allowed, the user is told about the twins. */
export async function duplicatesOf(db: Db, ownerId: string, inn: string, kpp: string, excludeId?: string) {
  const duplicates = await findSameInnKpp(db, ownerId, inn, kpp, excludeId);
  const warning =
    duplicates.length === 0
      ? undefined
      : `Компания с таким ИНН${kpp ? ' и КПП' : ''} уже есть: ${duplicates.map((d) => `«${d.fullName}»`).join(', ')}.`;
  return { duplicates, warning };
}
