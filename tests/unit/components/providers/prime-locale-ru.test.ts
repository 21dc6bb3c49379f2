// @vitest-environment node
import { ariaLabel, localeOption, localeOptions } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { PRIME_LOCALE_RU, applyPrimeLocaleRu } from '@/components/providers/prime-locale-ru';

/** PrimeReact's own English locale, as shipped (10.9.9). */
const en = localeOptions('en') as Record<string, unknown> & { aria: Record<string, unknown> };
const ru = PRIME_LOCALE_RU as Record<string, unknown> & { aria: Record<string, unknown> };

const placeholders = (s: string) => (s.match(/\{[^}]+\}/g) ?? []).sort();
/** Values that are the same in both languages (numbers, formats, the `{slideNumber}` template). */
const SAME_ALLOWED = new Set(['firstDayOfWeek', 'showMonthAfterYear', 'slideNumber']);
const CYRILLIC = /[а-яё]/i;

function checkSection(enPart: Record<string, unknown>, ruPart: Record<string, unknown>, prefix: string) {
  const problems: string[] = [];
  for (const [key, enValue] of Object.entries(enPart)) {
    if (key === 'aria') continue;
    const name = `${prefix}${key}`;
    const ruValue = ruPart[key];
    if (ruValue === undefined || ruValue === null || ruValue === '') {
      problems.push(`${name}: нет перевода`);
      continue;
    }
    if (typeof ruValue !== typeof enValue || Array.isArray(ruValue) !== Array.isArray(enValue)) {
      problems.push(`${name}: другой тип`);
      continue;
    }
    if (Array.isArray(enValue)) {
      const arr = ruValue as unknown[];
      if (arr.length !== enValue.length) problems.push(`${name}: ${arr.length} элементов вместо ${enValue.length}`);
      continue;
    }
    if (typeof enValue === 'string' && !SAME_ALLOWED.has(key) && key !== 'dateFormat') {
      const s = ruValue as string;
      if (!CYRILLIC.test(s)) problems.push(`${name}: «${s}» не по-русски`);
      if (placeholders(s).join() !== placeholders(enValue).join()) problems.push(`${name}: подстановки ${placeholders(enValue).join()} потеряны`);
    }
  }
  return problems;
}

describe('русская локаль PrimeReact', () => {
  it('переводит каждый ключ английской локали', () => {
    expect(Object.keys(en).length).toBeGreaterThan(60);
    expect(checkSection(en, ru, '')).toEqual([]);
  });

  it('переводит каждую aria-подпись английской локали', () => {
    expect(Object.keys(en.aria).length).toBeGreaterThan(50);
    expect(checkSection(en.aria, ru.aria, 'aria.')).toEqual([]);
  });

  it('дата дд.мм.гггг (четыре цифры года), неделя с понедельника', () => {
    expect(ru.dateFormat).toBe('dd.mm.yy');
    expect(ru.firstDayOfWeek).toBe(1);
    expect((ru.dayNamesMin as string[])[1]).toBe('Пн');
  });

  it('применяется: PrimeReact отдаёт русские подписи', () => {
    applyPrimeLocaleRu();
    expect(ariaLabel('selectRow', {})).toBe('Строка выбрана');
    expect(ariaLabel('pageLabel', { page: 3 })).toBe('Страница 3');
    expect(ariaLabel('rowsPerPageLabel', {})).toBe('Строк на странице');
    expect(localeOption('emptyMessage', 'ru')).toBe('Нет данных');
  });

  it('проверка ловит пропуск', () => {
    const broken = { ...ru, aria: { ...ru.aria, selectRow: undefined, pageLabel: 'Страница' } };
    const problems = checkSection(en.aria, broken.aria, 'aria.');
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(expect.arrayContaining(['aria.pageLabel: подстановки {page} потеряны', 'aria.selectRow: нет перевода']));
    expect(checkSection(en, { ...ru, weekHeader: 'Wk' }, '')).toEqual(['weekHeader: «Wk» не по-русски']);
  });
});
