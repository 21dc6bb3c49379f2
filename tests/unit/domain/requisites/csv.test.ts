// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { detectSeparator, guardCell, parseCsv, toCsv } from '@/lib/domain/requisites/csv';

describe('CSV', () => {
  it('writes Excel-friendly CSV: BOM, semicolons, CRLF, quoting only where needed', () => {
    expect(toCsv([['ИНН', 'Наименование'], ['7707083893', 'ПАО «Сбербанк»; головной офис'], ['0', 'Кавычка "а"']])).toBe(
      '\ufeffИНН;Наименование\r\n7707083893;"ПАО «Сбербанк»; головной офис"\r\n0;"Кавычка ""а"""\r\n',
    );
  });

  it('round-trips awkward values', () => {
    const rows = [
      ['a;b', 'line\nbreak', ' spaced ', '"quoted"', '', '044525225'],
      ['=SUM(A1)', '+7 (495) 500-55-50', '-5', '@cmd', '-x', "'plain"],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it('guards formulas but leaves phones and negative numbers alone', () => {
    expect(guardCell('=1+1')).toBe("'=1+1");
    expect(guardCell('@SUM')).toBe("'@SUM");
    expect(guardCell('+cmd|calc')).toBe("'+cmd|calc");
    expect(guardCell('+7 (495) 500-55-50')).toBe('+7 (495) 500-55-50');
    expect(guardCell('-15')).toBe('-15');
  });

  it('detects the separator from the header and reads commas and tabs too', () => {
    expect(detectSeparator('a;b;c\n1,2;3')).toBe(';');
    expect(detectSeparator('"a;b",c,d')).toBe(',');
    expect(detectSeparator('a\tb')).toBe('\t');
    expect(parseCsv('ИНН,КПП\r\n7707083893,773601001\r\n')).toEqual([['ИНН', 'КПП'], ['7707083893', '773601001']]);
    expect(parseCsv('a\tb\n1\t2')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('drops empty lines, strips the BOM, handles CR-only line ends and trims unquoted cells', () => {
    expect(parseCsv('\ufeffa;b\r\n\r\n 1 ; 2 \r3;4')).toEqual([['a', 'b'], ['1', '2'], ['3', '4']]);
  });

  it('refuses an unclosed quote with a Russian message', () => {
    expect(() => parseCsv('a;"b\n1;2')).toThrow('В файле CSV не закрыта кавычка — проверьте файл.');
  });
});
