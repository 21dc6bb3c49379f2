import { parseRuDate } from '@/lib/domain/format/date';
import sample from '../data/profiles.json';

export interface Profile {
  id: string;
  lastName: string;
  firstName: string;
  middleName: string;
  email: string;
  phone: string;
  city: string;
  position: string;
  /** `2026-11-25`, or '' when not given. */
  birthDate: string;
}

export const PROFILES_SAMPLE = sample as { profiles: Profile[] };
export const PROFILES_KEY = 'profiles';

export type ProfileDraft = Omit<Profile, 'id' | 'birthDate'> & { birthDate: string };
export type ProfileErrors = Partial<Record<keyof ProfileDraft, string>>;

const NAME = /^[А-ЯЁа-яёA-Za-z][А-ЯЁа-яёA-Za-z' -]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `+7 912 345-67-89` from any Russian mobile or city number written with or without 8 / +7, or null. */
export function normalizePhone(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  const ten = digits.length === 11 && (digits[0] === '7' || digits[0] === '8') ? digits.slice(1) : digits.length === 10 ? digits : null;
  if (!ten) return null;
  return `+7 ${ten.slice(0, 3)} ${ten.slice(3, 6)}-${ten.slice(6, 8)}-${ten.slice(8)}`;
}

/**
 * Checks a profile form; the draft's birth date is as typed (`25.11.1990`). Returns the errors in Russian
 * and, when there are none, the profile fields to store (phone and date normalised).
 */
export function checkProfile(d: ProfileDraft, today: string): { errors: ProfileErrors; value?: Omit<Profile, 'id'> } {
  const errors: ProfileErrors = {};
  const need = (k: keyof ProfileDraft, label: string) => {
    if (!d[k].trim()) errors[k] = `Заполните поле «${label}».`;
  };
  need('lastName', 'Фамилия');
  need('firstName', 'Имя');
  need('email', 'Электронная почта');
  for (const [k, label] of [
    ['lastName', 'Фамилия'],
    ['firstName', 'Имя'],
    ['middleName', 'Отчество'],
  ] as const) {
    const v = d[k].trim();
    if (v && !NAME.test(v)) errors[k] = `«${label}»: только буквы, пробел, дефис и апостроф.`;
    else if (v.length > 60) errors[k] = `«${label}»: не длиннее 60 символов.`;
  }
  if (d.email.trim() && !EMAIL.test(d.email.trim())) errors.email = 'Введите адрес почты вида name@example.ru.';
  const phone = d.phone.trim() ? normalizePhone(d.phone) : '';
  if (phone === null) errors.phone = 'Введите номер из 10 цифр после +7, например +7 912 345-67-89.';
  let birthDate = '';
  if (d.birthDate.trim()) {
    const iso = parseRuDate(d.birthDate);
    if (!iso) errors.birthDate = 'Введите дату вида 25.11.1990.';
    else if (iso > today) errors.birthDate = 'Дата рождения не может быть в будущем.';
    else if (iso < '1900-01-01') errors.birthDate = 'Проверьте год рождения.';
    else birthDate = iso;
  }
  if (Object.keys(errors).length) return { errors };
  return {
    errors,
    value: {
      lastName: d.lastName.trim(),
      firstName: d.firstName.trim(),
      middleName: d.middleName.trim(),
      email: d.email.trim().toLowerCase(),
      phone: phone ?? '',
      city: d.city.trim(),
      position: d.position.trim(),
      birthDate,
    },
  };
}
