import { z } from './classic';
import { emailSchema, messengerLinkSchema, passwordSchema, personNameSchema, phoneSchema } from './auth';

/**
 * Inputs of the auth-back calls. Apart from auth.ts, whose field schemas the sign-in pages load: these
 * stay out of the browser until a form validates with them.
 */

/* Inputs of the calls in lib/server/services/auth/change-login.ts. */
export const changeLoginInput = z.object({
  accessToken: z.string().max(8192).optional(),
  newLogin: emailSchema,
  password: z.string().min(1, { message: 'Введите пароль' }).max(1024),
});

/* Inputs of the calls in lib/server/services/auth/confirm-email.ts. */
export const confirmEmailInput = z.union([
  z.object({ token: z.string().min(1).max(200) }),
  z.object({ login: emailSchema, code: z.string().regex(/^\d{6}$/, { message: 'Код — 6 цифр' }) }),
]);

/* Inputs of the calls in lib/server/services/auth/confirm-phone.ts. */
export const confirmPhoneInput = z.object({
  accessToken: z.string().max(8192).optional(),
  phone: phoneSchema,
  code: z.string().trim().regex(/^\d{6}$/, { message: 'Код — 6 цифр' }),
});

/* Inputs of the calls in lib/server/services/auth/get-user-info.ts. */
export const getUserInfoInput = z.object({ accessToken: z.string().max(8192).optional() });

/* Inputs of the calls in lib/server/services/auth/login.ts. */
export const loginInput = z.object({
  login: emailSchema,
  password: z.string({ message: 'Введите пароль' }).min(1, { message: 'Введите пароль' }).max(1024),
  remember: z.boolean().optional(),
  captchaToken: z.string().max(5000).optional(),
});

/* Inputs of the calls in lib/server/services/auth/logout.ts. */
export const logoutInput = z.object({ refreshToken: z.string().max(200).optional() });

/* Inputs of the calls in lib/server/services/auth/oauth.ts. */
const oauthProviderSchema = z.enum(['yandex', 'vk'], { message: 'Неизвестный способ входа' });
export const getOAuthLinkInput = z.object({ provider: oauthProviderSchema, redirectUri: z.string().max(500).optional() });
export const oauthLoginInput = z.object({
  provider: oauthProviderSchema,
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  deviceId: z.string().max(500).optional(),
});

/* Inputs of the calls in lib/server/services/auth/regenerate-tokens.ts. */
export const regenerateTokensInput = z.object({ refreshToken: z.string({ message: 'Нет токена обновления — войдите снова.' }).min(1).max(200) });

/* Inputs of the calls in lib/server/services/auth/register.ts. */
export const registerInput = z.object({
  login: emailSchema,
  password: passwordSchema,
  firstName: z.optional(personNameSchema.firstName),
  lastName: z.optional(personNameSchema.lastName),
  patronymic: z.optional(personNameSchema.patronymic),
  remember: z.boolean().optional(),
  captchaToken: z.string().max(5000).optional(),
});

/* Inputs of the calls in lib/server/services/auth/reset-password.ts. */
export const checkPasswordResetTokenInput = z.object({ token: z.string().min(1).max(200) });
export const resetPasswordInput = z.object({ token: z.string().min(1).max(200), password: passwordSchema });

/* Inputs of the calls in lib/server/services/auth/send-confirm-code.ts. */
export const sendConfirmCodeInput = z.object({
  login: z.optional(emailSchema),
  phone: z.optional(phoneSchema),
  purpose: z.enum(['register', 'phone', 'changeLogin'], { message: 'Неизвестное назначение кода' }),
});

/* Inputs of the calls in lib/server/services/auth/send-email-confirmation-link.ts. */
export const sendEmailConfirmationLinkInput = z.object({ accessToken: z.string().max(8192).optional() });

/* Inputs of the calls in lib/server/services/auth/send-password-reset-link.ts. */
export const sendPasswordResetLinkInput = z.object({ login: emailSchema, captchaToken: z.string().max(5000).optional() });

/* Inputs of the calls in lib/server/services/auth/telegram-login.ts. */
export const telegramLoginInput = z.object({ tgAuthResult: z.string().min(1).max(4096) });

/* Inputs of the calls in lib/server/services/auth/update-user-info.ts. */
export const updateUserInfoInput = z.object({
  accessToken: z.string().max(8192).optional(),
  userinfo: z
    .object({
      firstName: z.optional(personNameSchema.firstName),
      lastName: z.optional(personNameSchema.lastName),
      patronymic: z.optional(personNameSchema.patronymic),
      messengerLink: z.optional(messengerLinkSchema),
      avatarFileId: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,100}$/, { message: 'Неверный идентификатор файла' })
        .nullable()
        .optional(),
    })
    .strict(),
});
