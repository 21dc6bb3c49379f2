import 'server-only';
import { specIdInput } from '@/lib/schemas/specification-calls';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { recalcStale } from '../catalog/recalc';
import { specObject } from './access';
import { loadTree } from './staleness';

/**
 * `specs/recalculate {id}` → `{recalculated: [{id, name, version}], report}`: bottom-up, every specification of
 * the tree that is out of date (its nested ones, its business process or the catalogue prices it uses changed
 * after it) takes the catalogue's current prices into its lines, is calculated again — an error stops with the
 * name of that specification — and saved as a new version; the top one last. `report`: old and new полная
 * себестоимость per unit of each.
 */
export const recalculateSpecification = defineCall({
  input: specIdInput,
  async handle({ input: { id }, req, ctx }) {
    const user = await requireUser(ctx, req);
    const root = await specObject(ctx.db, user.id, id, 'edit');
    const nodes = await loadTree(ctx.db, user.id, root);
    const { report, saved } = await recalcStale(ctx, user.id, nodes, nodes.keys(), { stopOnError: true });
    return { msg: saved.length ? 'Спецификации пересчитаны' : 'Пересчёт не нужен', recalculated: saved, report };
  },
});
