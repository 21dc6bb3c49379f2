// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHUNK_SETTING, chunkLength, chunkPlan, chunkRange, missingChunks } from '@/lib/domain/files/chunk-plan';
import { formatSize } from '@/lib/domain/files/format-size';
import { isInlineType, mimeOf } from '@/lib/domain/files/mime';
import { nameProblem, safeEntryName, searchKey, uniqueName } from '@/lib/domain/files/names';

describe('chunk plan', () => {
  it.each([
    [0, 1, 0],
    [1, 1, 1],
    [4_999_999, 1, 4_999_999],
    [5_000_000, 1, 5_000_000],
    [9_999_999, 1, 9_999_999],
    [10_000_000, 2, 5_000_000],
    [10_000_001, 2, 5_000_001],
    [1024 ** 3, 214, Math.ceil(1024 ** 3 / 214)],
  ])('size %i → %i chunks of %i', (size, chunks, chunkSize) => {
    expect(chunkPlan(size)).toEqual({ size, chunks, chunkSize });
  });

  it('chunks cover the file exactly, each between 5 000 000 and 10 000 000 bytes when there are several', () => {
    for (const size of [10_000_000, 12_345_678, 99_999_999, 1024 ** 3 + 17]) {
      const plan = chunkPlan(size);
      let next = 0;
      for (let i = 0; i < plan.chunks; i++) {
        const r = chunkRange(plan, i);
        expect(r.start).toBe(next);
        expect(chunkLength(plan, i)).toBeGreaterThanOrEqual(CHUNK_SETTING);
        expect(chunkLength(plan, i)).toBeLessThan(2 * CHUNK_SETTING);
        next = r.end;
      }
      expect(next).toBe(size);
    }
  });

  it('refuses a bad size or chunk index; lists the missing chunks', () => {
    expect(() => chunkPlan(-1)).toThrow(RangeError);
    expect(() => chunkPlan(1.5)).toThrow(RangeError);
    expect(() => chunkRange(chunkPlan(20_000_000), 4)).toThrow(RangeError);
    expect(missingChunks(chunkPlan(20_000_000), [2, 0])).toEqual([1, 3]);
  });
});

describe('names, search keys, sizes and media types', () => {
  it('names: empty, too long, separators and control characters are refused', () => {
    expect(nameProblem('Отчёт.pdf')).toBeNull();
    expect(nameProblem('')).toMatch(/Введите/);
    expect(nameProblem('a'.repeat(256))).toMatch(/255/);
    expect(nameProblem('a/b')).toMatch(/\//);
    expect(nameProblem('..')).not.toBeNull();
    expect(nameProblem('a\u0001b')).not.toBeNull();
  });

  it('search key folds case and ё', () => {
    expect(searchKey('Ёлка ОТЧЁТ')).toBe('елка отчет');
  });

  it('archive names are made safe and unique per folder, case-insensitively', () => {
    expect(safeEntryName('../a/b\\c')).toBe('.._a_b_c');
    expect(safeEntryName('..')).toBe('без названия');
    const taken = new Set<string>();
    expect(['Отчёт.txt', 'отчёт.TXT', 'Отчёт.txt', 'папка'].map((n) => uniqueName(n, taken))).toEqual([
      'Отчёт.txt',
      'отчёт (2).TXT',
      'Отчёт (3).txt',
      'папка',
    ]);
  });

  it('sizes in Russian units with a decimal comma', () => {
    expect(formatSize(0)).toBe('0 Б');
    expect(formatSize(512)).toBe('512 Б');
    expect(formatSize(1536)).toBe('1,5 КБ');
    expect(formatSize(25 * 1024 * 1024)).toBe('25 МБ');
    expect(formatSize(1.02 * 1024 ** 3)).toBe('1,02 ГБ');
  });

  it('inline allowlist: images and plain text yes, HTML and SVG never, PDF only in the viewer frame', () => {
    expect(mimeOf('Фото.JPG')).toBe('image/jpeg');
    expect(mimeOf('без расширения')).toBe('application/octet-stream');
    expect(isInlineType('image/png')).toBe(true);
    expect(isInlineType('text/html')).toBe(false);
    expect(isInlineType('image/svg+xml', true)).toBe(false);
    expect(isInlineType('application/pdf')).toBe(false);
    expect(isInlineType('application/pdf', true)).toBe(true);
  });
});
