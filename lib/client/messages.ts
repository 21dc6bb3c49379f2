import { isApiError } from './api-error';

const GENERIC = 'Что-то пошло не так. Попробуйте ещё раз.';

/** Codes whose wire `msg` is not fit to show (the auth-back protocol keeps two English messages, docs/api.md). */
const BY_CODE: Record<string, string> = {
  USER_NOT_FOUND: 'Пользователь с такой почтой не найден',
  JWT_EXPIRED: 'Сеанс истёк. Войдите снова.',
};

/** The same two, recognised by text in case an upstream service sends them without our `code`. */
const BY_WIRE_MSG: Record<string, string> = {
  'user not found': 'Пользователь с такой почтой не найден',
  'jwt expired': 'Сеанс истёк. Войдите снова.',
};

/** The browser could not fetch a piece of the app's code loaded on demand (no network, or a new release). */
const CODE_NOT_LOADED = 'Не удалось загрузить часть приложения. Проверьте связь и обновите страницу.';
const isCodeLoadError = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === 'ChunkLoadError' || /Loading (CSS )?chunk|Failed to (fetch|load) dynamically imported module|error loading dynamically imported module/i.test(err.message));

/** The Russian text to show a user for any error thrown by `lib/client/api` (or anything else). */
export function userMessage(err: unknown): string {
  if (isCodeLoadError(err)) return CODE_NOT_LOADED;
  if (!isApiError(err)) return GENERIC;
  return BY_CODE[err.code] ?? BY_WIRE_MSG[err.message.trim().toLowerCase()] ?? (err.message || GENERIC);
}
