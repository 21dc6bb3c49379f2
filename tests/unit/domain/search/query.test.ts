import { describe, expect, it } from 'vitest';
import { highlightRanges } from '@/lib/domain/search/highlight';
import { prepareQuery, QUERY_MAX } from '@/lib/domain/search/query';

describe('prepareQuery', () => {
  it('finds nothing for empty, one-character and sign-only queries', () => {
    for (const q of ['', ' ', 'а', ' Я ', '!!', "&|!:*()'\\", '   -  ']) expect(prepareQuery(q), q).toBeNull();
  });
  it('lower-cases, «ё» → «е», keeps only letters and digits as words', () => {
    expect(prepareQuery('  Ёлка &  СТОЛ:*  ')).toEqual({ text: 'елка & стол:*', words: ['елка', 'стол'], digits: null });
    expect(prepareQuery("(стол) & 'ножка':*")?.words).toEqual(['стол', 'ножка']);
  });
  it('cuts a long query to 200 characters and keeps at most 8 words', () => {
    const p = prepareQuery('я'.repeat(10_000))!;
    expect(p.text).toHaveLength(QUERY_MAX);
    expect(prepareQuery('a b c d e f g h i j k')!.words).toHaveLength(8);
  });
  it('a number query gives its digits (3 or more), spaces and dashes between them dropped', () => {
    expect(prepareQuery('7707 083-893')?.digits).toBe('7707083893');
    expect(prepareQuery('77')?.digits).toBeNull();
    expect(prepareQuery('договор 77')?.digits).toBeNull();
  });
});

describe('highlightRanges', () => {
  const marks = (text: string, q: string) => highlightRanges(text, prepareQuery(q)!).map(([s, e]) => text.slice(s, e));
  it('marks the typed prefix, another form of a word as a whole word, a typo as a whole word', () => {
    expect(marks('Калькуляция стола', 'кальк')).toEqual(['Кальк']);
    expect(marks('Калькуляция стола', 'калькуляции')).toEqual(['Калькуляция']);
    expect(marks('Калькуляция стола', 'калкуляция')).toEqual(['Калькуляция']);
    expect(marks('Ёлочная игрушка', 'елоч')).toEqual(['Ёлоч']);
    expect(marks('Стол и стул', 'зеркало')).toEqual([]);
  });
  it('marks the digits of a number query wherever they stand', () => {
    expect(marks('ИНН 7707083893 · ОГРН 1027700132195', '083893')).toEqual(['083893']);
    expect(marks('ИНН 7707 083 893', '7707083893')).toEqual(['7707 083 893']);
  });
});

describe('highlightRanges of one-letter words', () => {
  it('a one-letter query word marks nothing', () => {
    const q = prepareQuery('табурет с')!;
    expect(highlightRanges('Табурет сосновый', q)).toEqual([[0, 7]]);
  });
});
