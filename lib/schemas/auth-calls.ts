import { emailSchema, messengerLinkSchema, passwordSchema, personNameSchema, phoneSchema } from './auth';
import * as z from './zod';

/** Inputs of the auth-back calls; the field rules they share with the sign-in pages are in auth.ts. */

/** A string of at most `max` characters (and at least `min`), with zod's own messages. */
const str = (max: number, min = 0) => z.string().check(...(min > 0 ? [z.minLength(min)] : []), z.maxLength(max));
const accessToken = z.optional(str(8192));
const captchaToken = z.optional(str(5000));
const sixDigits = z.regex(/^\d{6}$/, { message: 'Код — 6 цифр' });

/* Inputs of the calls in lib/server/services/auth/change-login.ts. */
export const changeLoginInput = z.object({
  accessToken,
  newLogin: emailSchema,
  password: z.string().check(z.minLength(1, { message: 'Введите пароль' }), z.maxLength(1024)),
});

/* Inputs of the calls in lib/server/services/auth/confirm-email.ts. */
export const confirmEmailInput = z.union([
  z.object({ token: str(200, 1) }),
  z.object({ login: emailSchema, code: z.string().check(sixDigits) }),
]);

/* Inputs of the calls in lib/server/services/auth/confirm-phone.ts. */
export const confirmPhoneInput = z.object({
  accessToken,
  phone: phoneSchema,
  code: z.string().check(z.trim(), sixDigits),
});

/* Inputs of the calls in lib/server/services/auth/get-user-info.ts. */
export const getUserInfoInput = z.object({ accessToken });

/* Inputs of the calls in lib/server/services/auth/login.ts. */
export const loginInput = z.object({
  login: emailSchema,
  password: z.string({ message: 'Введите пароль' }).check(z.minLength(1, { message: 'Введите пароль' }), z.maxLength(1024)),
  remember: z.optional(z.boolean()),
  captchaToken,
});

/* Inputs of the calls in lib/server/services/auth/logout.ts. */
export const logoutInput = z.object({ refreshToken: z.optional(str(200)) });

/* Inputs of the calls in lib/server/services/auth/oauth.ts. */
const oauthProviderSchema = z.enum(['yandex', 'vk'], { message: 'Неизвестный способ входа' });
export const getOAuthLinkInput = z.object({ provider: oauthProviderSchema, redirectUri: z.optional(str(500)) });
export const oauthLoginInput = z.object({
  provider: oauthProviderSchema,
  code: str(2000, 1),
  state: str(200, 1),
  deviceId: z.optional(str(500)),
});

/* Inputs of the calls in lib/server/services/auth/regenerate-tokens.ts. */
export const regenerateTokensInput = z.object({
  refreshToken: z.string({ message: 'Нет токена обновления — войдите снова.' }).check(z.minLength(1), z.maxLength(200)),
});

/* Inputs of the calls in lib/server/services/auth/register.ts. */
export const registerInput = z.object({
  login: emailSchema,
  password: passwordSchema,
  firstName: z.optional(personNameSchema.firstName),
  lastName: z.optional(personNameSchema.lastName),
  patronymic: z.optional(personNameSchema.patronymic),
  remember: z.optional(z.boolean()),
  captchaToken,
});

/* Inputs of the calls in lib/server/services/auth/reset-password.ts. */
export const checkPasswordResetTokenInput = z.object({ token: str(200, 1) });
export const resetPasswordInput = z.object({ token: str(200, 1), password: passwordSchema });

/* Inputs of the calls in lib/server/services/auth/send-confirm-code.ts. */
export const sendConfirmCodeInput = z.object({
  login: z.optional(emailSchema),
  phone: z.optional(phoneSchema),
  purpose: z.enum(['register', 'phone', 'changeLogin'], { message: 'Неизвестное назначение кода' }),
});

/* Inputs of the calls in lib/server/services/auth/send-email-confirmation-link.ts. */
export const sendEmailConfirmationLinkInput = z.object({ accessToken });

/* Inputs of the calls in lib/server/services/auth/send-password-reset-link.ts. */
export const sendPasswordResetLinkInput = z.object({ login: emailSchema, captchaToken });

/* Inputs of the calls in lib/server/services/auth/telegram-login.ts. */
export const telegramLoginInput = z.object({ tgAuthResult: str(4096, 1) });

/* Inputs of the calls in lib/server/services/auth/update-user-info.ts. */
export const updateUserInfoInput = z.object({
  accessToken,
  userinfo: z.strictObject({
    firstName: z.optional(personNameSchema.firstName),
    lastName: z.optional(personNameSchema.lastName),
    patronymic: z.optional(personNameSchema.patronymic),
    messengerLink: z.optional(messengerLinkSchema),
    avatarFileId: z.optional(z.nullable(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, { message: 'Неверный идентификатор файла' })))),
  }),
});
