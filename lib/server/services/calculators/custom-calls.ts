import 'server-only';
import { CalcInputError } from '@/lib/domain/calculators';
import { runCustom } from '@/lib/domain/calculators/custom';
import { refCustomSchema, runCustomSchema, saveCustomSchema } from '@/lib/schemas/calculators-custom';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { copySharedCustom, deleteCustom, findCustom, listCustom, saveCustom, shareCustom } from './custom-store';
import { copyCustomInput, deleteCustomInput, shareCustomInput } from '@/lib/schemas/calculators';

/**
 * «Свой калькулятор»: `calculators/custom/{list,get,save,delete,share,copy,run}`. Every call needs
 * sign-in; by `id` only the owner sees a calculator, by `token` (the share link) any signed-in user.
 */

export const listCustomCall = defineCall({
  handle: async ({ req, ctx }) => ({ calculators: await listCustom(ctx.db, (await requireUser(ctx, req)).id) }),
});

export const getCustomCall = defineCall({
  input: refCustomSchema,
  handle: async ({ input, req, ctx }) => ({ calculator: await findCustom(ctx.db, (await requireUser(ctx, req)).id, input) }),
});

export const saveCustomCall = defineCall({
  input: saveCustomSchema,
  handle: async ({ input, req, ctx }) => {
    const user = await requireUser(ctx, req);
    return { msg: 'Калькулятор сохранён', calculator: await saveCustom(ctx.db, user.id, input) };
  },
});

export const deleteCustomCall = defineCall({
  input: deleteCustomInput,
  handle: async ({ input, req, ctx }) => {
    await deleteCustom(ctx.db, (await requireUser(ctx, req)).id, input.id);
    return { msg: 'Калькулятор удалён' };
  },
});

export const shareCustomCall = defineCall({
  input: shareCustomInput,
  handle: async ({ input, req, ctx }) => {
    const token = await shareCustom(ctx.db, (await requireUser(ctx, req)).id, input.id);
    return { msg: 'Ссылка готова', token, link: `${ctx.env.PUBLIC_URL ?? ''}/calculators/custom/shared/${token}` };
  },
});

/** «Добавить в мои калькуляторы»: a calculator opened by a share link copied to the user's own list. */
export const copyCustomCall = defineCall({
  input: copyCustomInput,
  handle: async ({ input, req, ctx }) => {
    const { calculator, added } = await copySharedCustom(ctx.db, (await requireUser(ctx, req)).id, input.token);
    return { msg: added ? 'Калькулятор добавлен в ваши' : 'Калькулятор уже есть в ваших', calculator, added };
  },
});

export const runCustomCall = defineCall({
  input: runCustomSchema,
  handle: async ({ input, req, ctx }) => {
    const user = await requireUser(ctx, req);
    const calc = await findCustom(ctx.db, user.id, 'id' in input ? { id: input.id } : { token: input.token });
    try {
      const out = runCustom(calc, input.values);
      return { msg: 'Расчёт выполнен', result: out.result, steps: out.steps };
    } catch (err) {
      if (err instanceof CalcInputError) {
        throw new ServiceError('VALIDATION_ERROR', 'Проверьте введённые данные.', { fields: { [`values.${err.field}`]: err.message } });
      }
      throw err;
    }
  },
});
