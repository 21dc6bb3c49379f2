import 'server-only';
import { eq } from 'drizzle-orm';
import { confirmPhoneInput } from '@/lib/schemas/auth-calls';
import { users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { spendNumericCode } from './codes';
import { limitCall } from './rate-limit';
import { userOfBodyOrRequest } from './session-of-body';

export const confirmPhone = defineCall({
  input: confirmPhoneInput,
  async handle({ input, ctx, ip, req }) {
    const me = await userOfBodyOrRequest(ctx, req, input.accessToken);
    await limitCall(ctx, 'confirmPhone', me.id, ip);
    const used = await spendNumericCode(ctx, 'code_phone', `${me.id}:${input.phone}`, input.code);
    if (!used) throw new ServiceError('INVALID_CODE', 'Неверный или устаревший код.', { fields: { code: 'Неверный код' } });
    await ctx.db.update(users).set({ phone: input.phone, phoneConfirmed: true, updatedAt: new Date() }).where(eq(users.id, me.id));
    return { msg: 'Телефон подтверждён' };
  },
});
