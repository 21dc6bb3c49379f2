import 'server-only';
import { specIdInput } from '@/lib/schemas/specification-calls';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { specObject } from './access';
import { specsMentioning } from './mentioning';

/**
 * `specs/where-used {id}` → `{specs: [{id, name, lines}]}`: the caller's specifications that take this one
 * as a semi-finished good (a material line with its `specId`), by name.
 */
export const specificationWhereUsed = defineCall({
  input: specIdInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, input.id, 'read');
    const specs: { id: string; name: string; lines: number }[] = [];
    for (const c of await specsMentioning(ctx.db, user.id, row.id)) {
      if (c.id === row.id) continue;
      const materials = c.doc.materials;
      const lines = Array.isArray(materials) ? materials.filter((m) => m?.specId === row.id).length : 0;
      if (lines) specs.push({ id: c.id, name: c.name, lines });
    }
    return { specs };
  },
});
