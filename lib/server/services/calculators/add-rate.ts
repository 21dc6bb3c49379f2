import 'server-only';
import { addRateSchema } from '@/lib/schemas/calculators-rates';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { log } from '../../log';
import { requireUser } from '../auth/require-user';
import { insertRateRow } from './rates';

/**
 * `calculators/rates/add` `{kind, effectiveFrom, value, source}` → `rate` (role `admin`). A new decision of
 * the law is a new dated row; calculations for dates from `effectiveFrom` on use it at once.
 */
export const addRate = defineCall({
  input: addRateSchema,
  handle: async ({ input, req, ctx }) => {
    const user = await requireUser(ctx, req);
    if (!user.roles.includes('admin')) throw new ServiceError('FORBIDDEN', 'Менять таблицы ставок может только администратор.');
    const rate = await insertRateRow(ctx.db, { ...input, createdBy: user.id });
    if (!rate) {
      throw new ServiceError('CONFLICT', 'На эту дату ставка такого вида уже есть.', { fields: { effectiveFrom: 'На эту дату ставка уже есть.' } });
    }
    log.info(`rate ${input.kind} from ${input.effectiveFrom} added by ${user.id}`);
    return { msg: 'Ставка добавлена', rate };
  },
});
