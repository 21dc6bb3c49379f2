// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cleanRequisite, validateInn, validateOgrn, validateOgrnip } from '@/lib/domain/requisites';

/** Public valid organisations. */
const ORGS = [
  ['ПАО Сбербанк', '7707083893', '1027700132195'],
  ['Банк ВТБ', '7702070139', '1027739609391'],
  ['АО «ТБанк»', '7710140679', '1027739642281'],
  ['АО «Альфа-Банк»', '7728168971', '1027700067328'],
  ['ООО «Яндекс»', '7736207543', '1027700229193'],
  ['ПАО «Газпром»', '7736050003', '1027700070518'],
  ['ПАО «ЛУКОЙЛ»', '7708004767', '1027700035769'],
  ['ПАО «НК «Роснефть»', '7706107510', '1027700043502'],
  ['ФНС России', '7707329152', '1047707030513'],
] as const;

/** Every other last digit must be refused (the check digit is unique). */
const otherLastDigits = (v: string) =>
  Array.from({ length: 10 }, (_, d) => String(d))
    .filter((d) => d !== v.slice(-1))
    .map((d) => v.slice(0, -1) + d);

describe('cleanRequisite', () => {
  it('strips spaces, NBSP, narrow NBSP, tabs and every dash, nothing else', () => {
    expect(cleanRequisite(' 77\u00a007-083\u2013893\t')).toBe('7707083893');
    expect(cleanRequisite('112-233-445 95')).toBe('11223344595');
    expect(cleanRequisite('40702\u202f810—9000\u22120000 2851')).toBe('40702810900000002851');
    expect(cleanRequisite('0044')).toBe('0044');
    expect(cleanRequisite('77a7')).toBe('77a7');
  });
});

describe('ИНН', () => {
  it.each(ORGS)('%s: ИНН %s is valid', (_name, inn) => {
    const r = validateInn(inn);
    expect(r).toEqual({ valid: true, value: inn, msg: 'ИНН организации верный.' });
    expect(validateInn(inn, 'organization').valid).toBe(true);
  });

  it.each(ORGS)('%s: every other check digit of ИНН %s is refused', (_name, inn) => {
    for (const wrong of otherLastDigits(inn)) {
      const r = validateInn(wrong);
      expect(r.valid, wrong).toBe(false);
      expect(r.msg).toBe('Неверное контрольное число ИНН — проверьте, нет ли опечатки.');
    }
  });

  it('the worked 12-digit examples are valid, with either check digit wrong refused', () => {
    for (const inn of ['500100732259', '123456789047']) {
      expect(validateInn(inn).valid, inn).toBe(true);
      expect(validateInn(inn, 'person').valid).toBe(true);
      for (const wrong of otherLastDigits(inn)) expect(validateInn(wrong).valid, wrong).toBe(false);
      const eleventh = inn.slice(0, 10) + String((Number(inn[10]) + 1) % 10) + inn[11];
      expect(validateInn(eleventh).valid, eleventh).toBe(false);
    }
  });

  it('refuses the public invalid examples', () => {
    for (const inn of ['7707083894', '500100732258', '123456789012']) {
      const r = validateInn(inn);
      expect(r.valid, inn).toBe(false);
      expect(r.msg).toMatch(/контрольн/);
    }
  });

  it('accepts the number typed with spaces, dashes and NBSP and returns it clean', () => {
    expect(validateInn(' 7707\u00a0083-893 ')).toMatchObject({ valid: true, value: '7707083893' });
  });

  it('refuses all zeros and region 00 although their sums pass', () => {
    expect(validateInn('0000000000')).toMatchObject({ valid: false, msg: 'ИНН не может состоять из одних нулей.' });
    expect(validateInn('000000000000').valid).toBe(false);
    // 0012345679: Σ = 0+0+10+6+20+45+24+42+56 = 203, 203 mod 11 = 5 … build one that passes the sum:
    const body = '001234567';
    const w = [2, 4, 10, 3, 5, 9, 4, 6, 8];
    const c = (body.split('').reduce((s, d, i) => s + Number(d) * w[i]!, 0) % 11) % 10;
    const r = validateInn(body + c);
    expect(r.valid).toBe(false);
    expect(r.msg).toMatch(/«00»/);
  });

  it('explains wrong length, letters and empty input in Russian', () => {
    expect(validateInn('')).toMatchObject({ valid: false, msg: 'Укажите ИНН.' });
    expect(validateInn('77070838')).toMatchObject({
      valid: false,
      msg: 'ИНН должен содержать 10 цифр или 12 цифр, сейчас 8.',
    });
    expect(validateInn('77070838a3').msg).toBe('ИНН должен состоять только из цифр.');
    expect(validateInn('77070838931').valid).toBe(false);
  });

  it('tells an organisation ИНН from a person ИНН when the owner is known', () => {
    expect(validateInn('500100732259', 'organization')).toMatchObject({
      valid: false,
      msg: 'ИНН организации состоит из 10 цифр; 12 цифр — это ИНН ИП или физического лица.',
    });
    expect(validateInn('7707083893', 'person').msg).toMatch(/12 цифр/);
    expect(validateInn('123', 'person').msg).toBe('ИНН должен содержать 12 цифр, сейчас 3.');
  });
});

describe('ОГРН', () => {
  it.each(ORGS)('%s: ОГРН %s is valid and no other check digit is', (_name, _inn, ogrn) => {
    expect(validateOgrn(ogrn)).toEqual({ valid: true, value: ogrn, msg: 'ОГРН верный.' });
    for (const wrong of otherLastDigits(ogrn)) expect(validateOgrn(wrong).valid, wrong).toBe(false);
  });

  it('refuses the public invalid example and explains why', () => {
    expect(validateOgrn('1027700132196')).toMatchObject({
      valid: false,
      msg: 'Неверное контрольное число ОГРН — проверьте, нет ли опечатки.',
    });
  });

  it('remainder 10 gives check digit 0', () => {
    // Find a 12-digit body ≡ 10 (mod 11) with an independent BigInt reference.
    let body = 102770013219n;
    while (body % 11n !== 10n) body += 1n;
    expect(validateOgrn(`${body}0`).valid).toBe(true);
    expect(validateOgrn(`${body}1`).valid).toBe(false);
  });

  it('checks the first digit, length and tells ОГРН from ОГРНИП', () => {
    expect(validateOgrn('2027700132195').msg).toBe('ОГРН начинается с цифры 1 или 5.');
    expect(validateOgrn('102770013219').msg).toBe('ОГРН должен содержать 13 цифр, сейчас 12.');
    expect(validateOgrn('304500116000157').msg).toMatch(/ОГРНИП/);
    expect(validateOgrn('1-027-700-132-195').valid).toBe(true);
  });
});

describe('ОГРНИП', () => {
  it('the worked example 304500116000157 is valid, other check digits are not', () => {
    expect(validateOgrnip('304500116000157')).toEqual({ valid: true, value: '304500116000157', msg: 'ОГРНИП верный.' });
    for (const wrong of otherLastDigits('304500116000157')) expect(validateOgrnip(wrong).valid, wrong).toBe(false);
  });

  it.each([
    [10n, '0'],
    [11n, '1'],
    [12n, '2'],
  ])('remainder %s mod 13 gives check digit %s (python-stdnum gets 11/12 wrong)', (rem, digit) => {
    let body = 30450011600015n;
    while (body % 13n !== rem) body += 1n;
    expect(validateOgrnip(`${body}${digit}`).valid).toBe(true);
    const wrongDigit = String((Number(digit) + 5) % 10);
    expect(validateOgrnip(`${body}${wrongDigit}`).valid).toBe(false);
    // The un-reduced remainder (11 → «1» only after mod 10) is what makes this case matter.
    expect(String(Number(rem) % 10)).toBe(digit);
  });

  it('checks the first digit and length', () => {
    expect(validateOgrnip('404500116000157').msg).toBe('ОГРНИП начинается с цифры 3.');
    expect(validateOgrnip('1027700132195').msg).toBe('ОГРНИП состоит из 15 цифр; 13 цифр — это ОГРН организации.');
    expect(validateOgrnip('30450011600015').msg).toBe('ОГРНИП должен содержать 15 цифр, сейчас 14.');
    expect(validateOgrnip('').msg).toBe('Укажите ОГРНИП.');
  });
});
