import { describe, expect, it } from 'vitest';
import { normalizeUnit, OKEI_UNITS } from '@/lib/domain/cost/okei';

describe('units as price lists write them, normalised to ОКЕИ', () => {
  it.each([
    ['м2', 'м²', '055'],
    ['кв.м', 'м²', '055'],
    ['М2 ', 'м²', '055'],
    ['м.п.', 'пог. м', '018'],
    ['пог.м', 'пог. м', '018'],
    ['м/п', 'пог. м', '018'],
    ['м3', 'м³', '113'],
    ['куб. м', 'м³', '113'],
    ['пара', 'пар', '715'],
    ['шт.', 'шт', '796'],
    ['Шт', 'шт', '796'],
    ['кВт*ч', 'кВт·ч', '245'],
    ['упак.', 'упак', '778'],
    ['компл.', 'компл', '839'],
  ])('«%s» → «%s» (%s)', (text, unit, okei) => {
    expect(normalizeUnit(text)).toEqual({ unit, okei });
  });
  it('every ОКЕИ short name stays itself; an unknown unit is kept as written, without a code', () => {
    for (const u of OKEI_UNITS) expect(normalizeUnit(u.short)).toEqual({ unit: u.short, okei: u.code });
    expect(normalizeUnit(' бухта ')).toEqual({ unit: 'бухта', okei: '' });
    expect(normalizeUnit('')).toEqual({ unit: '', okei: '' });
  });
});
