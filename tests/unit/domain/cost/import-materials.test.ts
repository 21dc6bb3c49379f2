// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { guessMapping, normaliseUnit, rowsToMaterials } from '@/lib/domain/cost/import-materials';

let n = 0;
const id = () => `i${n++}`;

describe('XLSX import of materials', () => {
  it('guesses the mapping from a header in any order', () => {
    expect(guessMapping(['№', 'Цена, руб.', 'Наименование материала', 'Ед. изм.', 'Кол-во', 'Отходы, %'])).toEqual({
      price: 1,
      name: 2,
      unit: 3,
      qty: 4,
      wastePct: 5,
    });
    expect(guessMapping(['A', 'B'])).toEqual({});
  });

  it('normalises units to ОКЕИ short names', () => {
    expect(normaliseUnit('шт.')).toBe('шт');
    expect(normaliseUnit('Килограмм')).toBe('кг');
    expect(normaliseUnit('м2')).toBe('м²');
    expect(normaliseUnit('')).toBe('шт');
    expect(normaliseUnit('бухта')).toBe('бухта');
  });

  it('turns rows into lines: Russian numbers, skipped blanks, errors by spreadsheet line', () => {
    const rows = [
      ['Щит мебельный', 'м2', '0,40', '10', '2 000,00 ₽', ''],
      ['', '', '', '', '', ''],
      ['Крепёж', 'компл', '1', '', '150', 'Покупные'],
      ['Клей', 'кг', 'много', '', '300', ''],
      ['', 'шт', '2', '', '1', ''],
      ['Лак', 'л', '0.2', '120', '900', ''],
    ];
    const r = rowsToMaterials(rows, { name: 0, unit: 1, qty: 2, wastePct: 3, price: 4, article: 5 }, id, 2);
    expect(r.materials.map((m) => [m.name, m.unit, m.qty, m.wastePct, m.price, m.article])).toEqual([
      ['Щит мебельный', 'м²', '0.4', '10', '2000', undefined],
      ['Крепёж', 'компл', '1', '', '150', 'purchased'],
    ]);
    expect(r.skipped).toBe(1);
    expect(r.errors.map((e) => e.line)).toEqual([5, 6, 7]);
    expect(r.errors[0]!.message).toMatch(/^Строка 5: количество: Введите число/);
    expect(r.errors[1]!.message).toBe('Строка 6: нет наименования.');
    expect(r.errors[2]!.message).toBe('Строка 7: отходы: меньше 100 %.');
    expect(new Set(r.materials.map((m) => m.id)).size).toBe(2);
  });

  it('an unmapped optional column leaves the field empty', () => {
    const r = rowsToMaterials([['Брус', '4']], { name: 0, qty: 1 }, id);
    expect(r.materials).toEqual([{ id: expect.any(String), name: 'Брус', unit: 'шт', qty: '4', wastePct: '', wasteMode: 'uplift', price: '' }]);
    expect(r.errors).toEqual([]);
  });
});
