// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildMatcher, normalizeArticle, normalizeName, UNCERTAIN_MIN } from '@/lib/domain/catalog';

const items = [
  { id: 'i1', name: 'ЛДСП 16 мм Белый 2800×2070', article: 'LD-16-W' },
  { id: 'i2', name: 'ЛДСП 16 мм Дуб сонома 2800×2070', article: 'LD-16-DS' },
  { id: 'i3', name: 'Кромка ПВХ 2 мм белая', article: '' },
  { id: 'i4', name: 'Петля мебельная накладная', article: 'H-110' },
  { id: 'i5', name: 'Саморез 4×16 жёлтый', article: '' },
];

describe('normalisation', () => {
  it('ignores case, ё, punctuation and the way sizes are written', () => {
    expect(normalizeName('Саморез 4 х 16, ЖЁЛТЫЙ!')).toBe('саморез 4x16 желтый');
    expect(normalizeName('ЛДСП 16мм 2800*2070')).toBe(normalizeName('лдсп 16мм 2800 × 2070'));
    expect(normalizeName('Клей 0,5 л.')).toBe('клей 0.5 л');
    expect(normalizeArticle(' ld-16 w ')).toBe('LD16W');
  });
});

describe('buildMatcher', () => {
  const match = buildMatcher(items);

  it('article first, exactly (whatever the name says)', () => {
    expect(match({ article: 'ld 16 ds', name: 'совсем другое' })).toEqual({ itemId: 'i2', score: 1, by: 'article' });
  });
  it('then the normalised name, words in any order', () => {
    expect(match({ article: 'нет такого', name: 'саморез 4x16 желтый' })).toEqual({ itemId: 'i5', score: 1, by: 'name' });
    expect(match({ name: 'белая кромка пвх 2 мм' })).toEqual({ itemId: 'i3', score: 1, by: 'name' });
  });
  it('then fuzzily: a near name is uncertain, an unrelated one has no match', () => {
    const m = match({ name: 'ЛДСП 16мм белый 2800х2070 (лист)' });
    expect(m?.itemId).toBe('i1');
    expect(m?.by).toBe('fuzzy');
    expect(m!.score).toBeGreaterThanOrEqual(UNCERTAIN_MIN);
    expect(m!.score).toBeLessThan(1);
    expect(match({ name: 'Петли мебельные накладные' })?.itemId).toBe('i4');
    expect(match({ name: 'Краска акриловая' })).toBeNull();
    expect(match({ name: '   ' })).toBeNull();
  });
  it('another size or another article is not a near name: «ЛДСП 18 мм» is not offered as «ЛДСП 16 мм»', () => {
    expect(match({ name: 'ЛДСП 18 мм Белый 2800×2070' })).toBeNull();
    const other = match({ article: 'LD-18-W', name: 'ЛДСП 16 мм Белый 2800×2070 (лист)' });
    expect(other === null || other.score < UNCERTAIN_MIN + 0.05).toBe(true);
    // The same size, no article in the row: still offered.
    expect(match({ name: 'ЛДСП 16 мм Белый 2800×2070 лист' })?.itemId).toBe('i1');
  });
  it('the better of two similar items wins', () => {
    expect(match({ name: 'ЛДСП 16 мм дуб сонома' })?.itemId).toBe('i2');
  });
});
