import 'server-only';
import { getVersionInput } from '@/lib/schemas/specification-calls';
import { and, eq } from 'drizzle-orm';
import type { SpecDocument } from '@/lib/domain/cost';
import type { Db } from '../../db/client';
import { specificationVersions } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import type { ObjectRow } from '../files/model';
import { requireUser } from '../auth/require-user';
import { specObject } from './access';

/** The document of one version (the current one is read from the object itself); 404 for a version not kept. */
export async function versionDoc(db: Db, row: ObjectRow, version: number) {
  if (version === row.version) return { version, name: row.name, metadata: row.metadata, savedAt: row.updatedAt };
  const [v] = await db
    .select()
    .from(specificationVersions)
    .where(and(eq(specificationVersions.specId, row.id), eq(specificationVersions.version, version)));
  if (!v) throw new ServiceError('NOT_FOUND', `Версия ${version} не найдена.`, { fields: { version: 'Такой версии нет.' } });
  return v;
}

/** The stored document (written through the specification schema); null when it is not JSON. */
const parseDoc = (metadata: string): SpecDocument | null => {
  try {
    return JSON.parse(metadata) as SpecDocument;
  } catch {
    return null;
  }
};

/** `specs/version {id, version}` → `{version, name, savedAt, doc}`. */
export const getSpecificationVersion = defineCall({
  input: getVersionInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, input.id, 'read');
    const v = await versionDoc(ctx.db, row, input.version);
    return { version: v.version, name: v.name, savedAt: v.savedAt.toISOString(), doc: parseDoc(v.metadata) };
  },
});
