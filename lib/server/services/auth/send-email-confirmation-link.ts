import 'server-only';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { issueCode } from './codes';
import { sendMail, siteUrl, templates } from './mail';
import { hitLimit } from './rate-limit';
import { userOfBodyOrRequest } from './session-of-body';
import { findUserById } from './users';
import { sendEmailConfirmationLinkInput } from '@/lib/schemas/auth-calls';

export const sendEmailConfirmationLink = defineCall({
  input: sendEmailConfirmationLinkInput,
  async handle({ input, ctx, req }) {
    const me = await userOfBodyOrRequest(ctx, req, input.accessToken);
    const user = await findUserById(ctx, me.id);
    if (!user) throw new ServiceError('UNAUTHORIZED', 'Войдите в систему, чтобы продолжить.');
    if (user.emailConfirmed) return { msg: 'Почта уже подтверждена' };
    await hitLimit(ctx, 'sendEmailConfirmationLink', user.id, { max: 5, windowS: 3600 });
    const token = await issueCode(ctx, { purpose: 'confirm_email', target: user.email, userId: user.id, kind: 'link' });
    await sendMail(ctx, { to: user.email, ...templates.confirmEmail(ctx, siteUrl(ctx, req, `/confirm-email/${token}`)) });
    return { msg: 'Письмо со ссылкой отправлено' };
  },
});
