// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatSnils, snilsControl, validateKpp, validateOkpo, validateSnils } from '@/lib/domain/requisites';

describe('КПП', () => {
  it('accepts real КПП and letters in positions 5–6', () => {
    expect(validateKpp('773601001')).toEqual({ valid: true, value: '773601001', msg: 'КПП верный.' });
    expect(validateKpp('770401001').valid).toBe(true);
    expect(validateKpp('7736AB001').valid).toBe(true);
    expect(validateKpp('7736ab001')).toMatchObject({ valid: true, value: '7736AB001' });
  });

  it('refuses letters elsewhere, wrong length, Cyrillic letters and zeros', () => {
    expect(validateKpp('77A601001').msg).toBe('Первые 4 знака КПП — код налогового органа, только цифры.');
    expect(validateKpp('7736010A1').msg).toBe('Последние 3 знака КПП — только цифры.');
    expect(validateKpp('7736АБ001').msg).toMatch(/латинские буквы/); // Cyrillic А, Б
    expect(validateKpp('77360100').msg).toBe('КПП должен содержать 9 знаков, сейчас 8.');
    expect(validateKpp('000001001').valid).toBe(false);
    expect(validateKpp('').msg).toBe('Укажите КПП.');
    expect(validateKpp(' 7736 01 001 ').valid).toBe(true);
  });
});

describe('СНИЛС', () => {
  it('the worked examples are valid', () => {
    expect(validateSnils('112-233-445 95')).toEqual({ valid: true, value: '11223344595', msg: 'СНИЛС верный.' });
    expect(validateSnils('010-242-368 77').valid).toBe(true);
    expect(snilsControl('112233445')).toBe(95);
  });

  it('refuses the public invalid example and any other control number', () => {
    expect(validateSnils('010-242-368 00')).toMatchObject({
      valid: false,
      msg: 'Неверное контрольное число СНИЛС — проверьте, нет ли опечатки.',
    });
    for (let c = 0; c < 100; c++) {
      if (c === 95) continue;
      expect(validateSnils(`112233445${String(c).padStart(2, '0')}`).valid).toBe(false);
    }
  });

  it('S = 100 or 101 gives 00; S > 101 is taken mod 101', () => {
    // 9·d1 + … : 999-999-999 → Σ = 9·45 = 405, 405 mod 101 = 1.
    expect(snilsControl('999999999')).toBe(1);
    expect(validateSnils('99999999901').valid).toBe(true);
    // Σ = 100: 900-000-091 → 81 + 9 + 10? build: 9·9=81, then d8·2 + d9·1 = 19 → d8=9, d9=1.
    expect(snilsControl('900000091')).toBe(0);
    expect(validateSnils('90000009100').valid).toBe(true);
    // Σ = 101: 900-000-092.
    expect(snilsControl('900000092')).toBe(0);
    // Σ = 201 → 201 mod 101 = 100 → 00: find such a number by search.
    const n = Array.from({ length: 1_000_000 }, (_, i) => `${String(i).padStart(6, '0')}000`).find((s) => {
      const sum = s.split('').reduce((a, d, i) => a + Number(d) * (9 - i), 0);
      return sum === 201;
    });
    expect(n).toBeDefined();
    expect(snilsControl(n!)).toBe(0);
  });

  it('numbers up to 001-001-998 are not checked', () => {
    expect(validateSnils('001-001-998 55').valid).toBe(true);
    expect(validateSnils('001-001-999 55').valid).toBe(false);
  });

  it('explains bad input', () => {
    expect(validateSnils('').msg).toBe('Укажите СНИЛС.');
    expect(validateSnils('112-233-445 9').msg).toBe('СНИЛС должен содержать 11 цифр, сейчас 10.');
    expect(validateSnils('000-000-000 00').valid).toBe(false);
  });

  it('formats XXX-XXX-XXX YY', () => {
    expect(formatSnils('11223344595')).toBe('112-233-445 95');
    expect(formatSnils('12')).toBe('12');
  });
});

describe('ОКПО', () => {
  it('accepts real ОКПО (Сбербанк 00032537, Газпром 00040778)', () => {
    expect(validateOkpo('00032537')).toEqual({ valid: true, value: '00032537', msg: 'ОКПО верный.' });
    expect(validateOkpo('00040778').valid).toBe(true);
  });

  it('refuses other check digits and bad lengths', () => {
    for (let d = 0; d < 10; d++) if (d !== 7) expect(validateOkpo(`0003253${d}`).valid).toBe(false);
    expect(validateOkpo('0003253').msg).toBe('ОКПО должен содержать 8 цифр или 10 цифр, сейчас 7.');
  });

  it('remainder 10 falls back to weights 3, 4, 5…', () => {
    // Search a 7-digit body whose first sum is ≡ 10 (mod 11), with an independent reference.
    const sum = (b: string, start: number) =>
      b.split('').reduce((s, d, i) => s + Number(d) * (((start + i - 1) % 10) + 1), 0) % 11;
    let body = '';
    for (let i = 0; i < 10_000_000; i++) {
      const b = String(i).padStart(7, '0');
      if (sum(b, 1) === 10 && sum(b, 3) < 10) {
        body = b;
        break;
      }
    }
    expect(body).not.toBe('');
    expect(validateOkpo(body + sum(body, 3)).valid).toBe(true);
    expect(validateOkpo(`${body}0`).valid).toBe(sum(body, 3) === 0);
  });
});
