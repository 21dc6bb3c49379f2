// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { KeyRateTableError, keyRateChanges, previewKeyRateImport } from '@/lib/domain/calculators/key-rate-import';
import { readXlsx } from '@/lib/server/office/xlsx';
import { excelSerial, keyRateBook, workingDays } from '../../../helpers/key-rate-xlsx';
import { book } from './helpers';

/** The export of Банк России for 15.12.2025–20.02.2026: newest first, working days only, rates as numbers. */
function sample() {
  const days = workingDays('2025-12-15', '2026-02-20', [
    ['2025-10-27', '16.5'],
    ['2025-12-22', '16'],
    ['2026-02-16', '15.5'],
  ]);
  return keyRateBook([['Дата', 'Ставка'], ...days.map(([d, r]) => [{ date: d }, { n: r }])]);
}

describe('the key-rate table of Банк России', () => {
  it('date cells are Excel serial numbers (2024-01-01 is 45292)', async () => {
    expect(excelSerial('2024-01-01')).toBe(45292);
    const rows = await readXlsx(sample());
    expect(rows[0]).toEqual(['Дата', 'Ставка']);
    expect(rows[1]).toEqual([String(excelSerial('2026-02-20')), '15.5']);
    expect(rows).toHaveLength(1 + 50); // 50 working days 15.12.2025–20.02.2026
  });

  it('collapses the days into change points, oldest first', async () => {
    expect(keyRateChanges(await readXlsx(sample()))).toEqual([
      { effectiveFrom: '2025-12-15', value: '16.5' },
      { effectiveFrom: '2025-12-22', value: '16' },
      { effectiveFrom: '2026-02-16', value: '15.5' },
    ]);
  });

  it('reads text dates дд.мм.гггг, ISO dates, decimal commas, percents and percent-formatted fractions', async () => {
    const rows = await readXlsx(
      keyRateBook([
        ['Курсы', ''],
        ['Дата', 'Ключевая ставка, %'],
        ['24.03.2026', '15,00'],
        ['23.03.2026', { n: '0.15' }],
        ['2026-03-20', '15,5 %'],
        [{ date: '2026-03-19' }, { n: '15.500000000000002' }],
      ]),
    );
    expect(keyRateChanges(rows)).toEqual([
      { effectiveFrom: '2026-03-19', value: '15.5' },
      { effectiveFrom: '2026-03-23', value: '15' },
    ]);
  });

  it('bad tables are refused with Russian messages naming the row', async () => {
    const err = async (rows: (string | { n: string } | { date: string })[][]) => {
      try {
        keyRateChanges(await readXlsx(keyRateBook(rows)));
      } catch (e) {
        expect(e).toBeInstanceOf(KeyRateTableError);
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(await err([['Наименование', 'Сумма'], ['Болт', '5']])).toMatch(/^В листе нет заголовка «Дата» \| «Ставка»/);
    expect(await err([['Дата', 'Ставка'], ['вчера', '16']])).toBe('Строка 2: «вчера» — не дата.');
    expect(await err([['Дата', 'Ставка'], ['01.02.2026', '16'], ['02.02.2026', 'шестнадцать']])).toBe('Строка 3: «шестнадцать» — не ставка в процентах.');
    expect(await err([['Дата', 'Ставка'], ['02.02.2026', '16'], [{ date: '2026-02-02' }, '15']])).toBe('Строка 3: на 02.02.2026 уже указана другая ставка.');
    expect(await err([['Дата', 'Ставка']])).toBe('В таблице нет строк со ставками.');
  });

  it('preview: points equal to the stored rate in force are «same», a new decision is «new», a clash is «differs»', () => {
    const changes = [
      { effectiveFrom: '2025-12-15', value: '16.5' }, // the export's first day: 16,5 % in force since 27.10.2025
      { effectiveFrom: '2025-12-22', value: '16' }, // stored
      { effectiveFrom: '2026-02-16', value: '15' }, // stored as 15,5 on that very date
      { effectiveFrom: '2026-03-23', value: '15' }, // new (15,5 % in force then)
      { effectiveFrom: '2026-04-27', value: '15.5' }, // new: 15,5 % is stored, but the new 15 % row comes before it
    ];
    expect(previewKeyRateImport(changes, book.key_rate!).map((c) => [c.effectiveFrom, c.status, c.stored])).toEqual([
      ['2025-12-15', 'same', '16.5'],
      ['2025-12-22', 'same', '16'],
      ['2026-02-16', 'differs', '15.5'],
      ['2026-03-23', 'new', '15.5'],
      ['2026-04-27', 'new', '15'],
    ]);
    expect(previewKeyRateImport([{ effectiveFrom: '2013-01-10', value: '5.5' }], book.key_rate!)[0]).toMatchObject({ status: 'new', stored: null });
  });
});
