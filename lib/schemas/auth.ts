import * as z from './zod';

/** Field rules of the sign-in forms, shared by the pages and the auth service. */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

export const emailSchema = z.pipe(
  z.pipe(
    z
      .string({ message: 'Введите адрес электронной почты' })
      .check(
        z.trim(),
        z.minLength(1, { message: 'Введите адрес электронной почты' }),
        z.maxLength(254, { message: 'Слишком длинный адрес электронной почты' }),
      ),
    z.email({ message: 'Введите адрес почты в формате name@example.ru' }),
  ),
  z.transform((v: string) => v.toLowerCase()),
);

export const passwordSchema = z
  .string({ message: 'Введите пароль' })
  .check(
    z.minLength(PASSWORD_MIN, { message: `Пароль должен быть не короче ${PASSWORD_MIN} символов` }),
    z.maxLength(PASSWORD_MAX, { message: `Пароль должен быть не длиннее ${PASSWORD_MAX} символов` }),
  );

const nameField = (what: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(100, { message: `${what}: не длиннее 100 символов` }),
      z.refine((v) => !/[<>{}\\\u0000-\u001f]/.test(v), { message: `${what}: недопустимые символы` }),
    );

export const personNameSchema = {
  firstName: nameField('Имя'),
  lastName: nameField('Фамилия'),
  patronymic: nameField('Отчество'),
};

/** A link to a messenger profile: https only, or a Telegram @name. */
export const messengerLinkSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(300, { message: 'Ссылка не длиннее 300 символов' }),
    z.refine((v) => v === '' || /^@[A-Za-z0-9_]{5,32}$/.test(v) || (/^https:\/\/[^\s]+$/i.test(v) && URL.canParse(v)), {
      message: 'Укажите ссылку вида https://t.me/имя или @имя',
    }),
  );

/** A Russian mobile number; stored as +7XXXXXXXXXX. */
export const phoneSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim()),
    z.transform((v: string) => {
      const s = v.replace(/[\s()-]/g, '');
      return /^8\d{10}$/.test(s) ? `+7${s.slice(1)}` : /^7\d{10}$/.test(s) ? `+${s}` : s;
    }),
  ),
  z.string().check(z.refine((v) => /^\+7\d{10}$/.test(v), { message: 'Укажите телефон в формате +7 900 123-45-67' })),
);
