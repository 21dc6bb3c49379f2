import { getGender, inclineFirstname, inclineLastname, inclineMiddlename } from 'lvovich';

/**
 * Russian full names in the genitive and dative cases («в лице … Петрова Ивана Сергеевича», «Петрову
 * Ивану Сергеевичу»). The endings come from the lvovich rule set (surnames, first names, patronymics,
 * double-barrelled and foreign-looking names); this file splits the name, finds the gender and keeps
 * the writing (initials, capitals) as it was typed.
 */

export type GrammarCase = 'gen' | 'dat';
export type Gender = 'male' | 'female';

const LV_CASE = { gen: 'genitive', dat: 'dative' } as const;

/** Turkic patronymic words: «Гейдар оглы», «Ильхам кызы» (the word itself never changes). */
const MALE_TAIL = /^(оглы|оглу|улы|уулу)$/i;
const FEMALE_TAIL = /^(кызы|гызы|кизи)$/i;

export interface PersonName {
  last: string;
  first: string;
  /** Patronymic, with its «оглы»/«кызы» when there is one. */
  middle: string;
  /** The name is written «И. С. Петров» (initials first). */
  initialsFirst: boolean;
}

const isInitials = (w: string) => /^(\p{Lu}\.\s*)+$/u.test(w) || /^\p{Lu}\.(\p{Lu}\.)*$/u.test(w);
const isPatronymic = (w: string) => /(вич|вна|ич|чна|шна)$/i.test(w);

/**
 * «Петров Иван Сергеевич», «Петров И. С.», «И. С. Петров», «Мамедов Ильхам Гейдар оглы» → parts.
 * Without a patronymic two words are read as «Фамилия Имя» (the order of documents).
 */
export function splitFullName(full: string): PersonName {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { last: '', first: '', middle: '', initialsFirst: false };
  if (isInitials(words[0]!) && words.length > 1 && !isInitials(words[words.length - 1]!)) {
    return { last: words[words.length - 1]!, first: words.slice(0, -1).join(' '), middle: '', initialsFirst: true };
  }
  const [last, first = '', ...rest] = words;
  return { last: last!, first, middle: rest.join(' '), initialsFirst: false };
}

/** The gender by the patronymic (-вич/-вна, оглы/кызы), else by the first name and surname; null when unknown. */
export function genderOfName(full: string): Gender | null {
  const n = splitFullName(full);
  const tail = n.middle.split(/\s+/).pop() ?? '';
  if (MALE_TAIL.test(tail) || /(вич|ич)$/i.test(n.middle)) return 'male';
  if (FEMALE_TAIL.test(tail) || /(вна|чна|шна)$/i.test(n.middle)) return 'female';
  const first = isInitials(n.first) ? '' : n.first;
  const g = getGender({ last: n.last || null, first: first || null, middle: null });
  return g === 'male' || g === 'female' ? g : null;
}

/** Declines one name part, keeping a word typed in capitals in capitals and initials as they are. */
function declineWord(word: string, decline: (w: string) => string): string {
  if (!word || isInitials(word)) return word;
  if (!/\p{Script=Cyrillic}/u.test(word)) return word;
  const upper = word.length > 1 && word === word.toLocaleUpperCase('ru-RU');
  if (!upper) return decline(word);
  const title = word
    .toLocaleLowerCase('ru-RU')
    .replace(/(^|[-\s])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toLocaleUpperCase('ru-RU'));
  return decline(title).toLocaleUpperCase('ru-RU');
}

/** A full name in the case: «Петров Иван Сергеевич» → «Петрова Ивана Сергеевича»; empty stays empty. */
export function declineFullName(full: string, c: GrammarCase): string {
  if (!full.trim()) return full;
  const n = splitFullName(full);
  const gender = genderOfName(full);
  const lv = LV_CASE[c];
  const last = declineWord(n.last, (w) => inclineLastname(w, lv, gender));
  const first = n.first
    .split(/\s+/)
    .map((w) => declineWord(w, (x) => inclineFirstname(x, lv, gender)))
    .join(' ');
  const middle = (() => {
    if (!n.middle) return '';
    const words = n.middle.split(/\s+/);
    // «Гейдар оглы»: the Turkic patronymic stays as it is.
    if (words.length > 1 && (MALE_TAIL.test(words[words.length - 1]!) || FEMALE_TAIL.test(words[words.length - 1]!))) return n.middle;
    return words.map((w) => (isPatronymic(w) ? declineWord(w, (x) => inclineMiddlename(x, lv, gender)) : w)).join(' ');
  })();
  const parts = n.initialsFirst ? [first, last] : [last, first, middle];
  return parts.filter(Boolean).join(' ');
}

const initialOf = (w: string) =>
  w
    .split('-')
    .map((p) => `${p.charAt(0).toLocaleUpperCase('ru-RU')}.`)
    .join('-');

/**
 * The name as a signature is spelled out: initials before the surname, «Петров Иван Сергеевич» →
 * «И.\u00a0С.\u00a0Петров» (no-break spaces: the line never splits the name); «Петров И. С.» the same;
 * a single word stays as it is.
 */
export function initialsName(full: string): string {
  const n = splitFullName(full);
  if (!n.first) return full.trim();
  const first = isInitials(n.first) ? n.first.replace(/\s+/g, '').replace(/\./g, '.\u00a0').trim() : initialOf(n.first);
  const middle = n.middle && !isInitials(n.middle) ? initialOf(n.middle.split(/\s+/)[0]!) : n.middle.replace(/\s+/g, '');
  return [first, middle].filter(Boolean).join('\u00a0').replace(/\u00a0+/g, '\u00a0') + '\u00a0' + n.last;
}
