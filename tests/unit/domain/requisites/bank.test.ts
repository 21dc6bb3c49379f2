// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  accountKeySum,
  validateAccount,
  validateBik,
  validateCorrAccount,
  validateRequisite,
} from '@/lib/domain/requisites';

/** Public banks: БИК and к/с. */
const BANKS = [
  ['ПАО Сбербанк', '044525225', '30101810400000000225'],
  ['Банк ВТБ', '044525187', '30101810700000000187'],
  ['АО «ТБанк»', '044525974', '30101810145250000974'],
  ['АО «Альфа-Банк»', '044525593', '30101810200000000593'],
] as const;

describe('БИК', () => {
  it.each(BANKS)('%s: БИК %s is valid', (_n, bik) => {
    expect(validateBik(bik)).toEqual({ valid: true, value: bik, msg: 'БИК верный.' });
  });

  it('accepts Treasury (ТОФК) БИК', () => {
    expect(validateBik('017003983').valid).toBe(true);
  });

  it('refuses a wrong first digit, length, letters and zeros', () => {
    expect(validateBik('144525225').msg).toBe('БИК начинается с цифры 0 (у банков — с «04»).');
    expect(validateBik('04452522').msg).toBe('БИК должен содержать 9 цифр, сейчас 8.');
    expect(validateBik('04452522O').msg).toBe('БИК должен состоять только из цифр.');
    expect(validateBik('000000000').valid).toBe(false);
    expect(validateBik('').msg).toBe('Укажите БИК.');
  });
});

describe('корреспондентский счёт', () => {
  it.each(BANKS)('%s: к/с %s matches БИК %s', (_n, bik, ks) => {
    expect(validateCorrAccount(ks, bik)).toEqual({ valid: true, value: ks, msg: 'Корреспондентский счёт верный.' });
  });

  it('the worked key sum: "025"+"30101810400000000225" = 110', () => {
    expect(accountKeySum('025', '30101810400000000225')).toBe(0);
    expect(accountKeySum('025', '30101810400000000226')).not.toBe(0);
  });

  it('refuses the public invalid example (wrong key)', () => {
    const r = validateCorrAccount('30101810400000000226', '044525225');
    expect(r.valid).toBe(false);
  });

  it('refuses a к/с whose key passes but whose tail is another bank (the pitfall)', () => {
    // Sberbank's к/с with Т-Банк's BIK: BIK digits 5–6 are the same («25»), so the key passes.
    expect(accountKeySum('025', '30101810400000000225')).toBe(0);
    const r = validateCorrAccount('30101810400000000225', '044525974');
    expect(r).toMatchObject({
      valid: false,
      msg: 'Последние 3 цифры корреспондентского счёта должны совпадать с последними 3 цифрами БИК (974).',
    });
  });

  it('refuses a key error even when the tail matches', () => {
    // Change a middle digit of a valid к/с: the tail still equals the BIK tail.
    expect(validateCorrAccount('30101810500000000225', '044525225').msg).toMatch(/контрольному ключу/);
  });

  it('a к/с must start with 30101 (or 40102 for ЕКС)', () => {
    expect(validateCorrAccount('40702810900000002851', '044030827').msg).toBe(
      'Корреспондентский счёт начинается с 30101 (единый казначейский счёт — с 40102).',
    );
  });

  it('checks the ЕКС of the Treasury like a к/с', () => {
    expect(validateCorrAccount('40102810445370000059', '017003983')).toMatchObject({
      valid: true,
      msg: 'Единый казначейский счёт верный.',
    });
    expect(validateCorrAccount('40102810445370000058', '017003983').valid).toBe(false);
  });

  it('without a БИК checks the format only and says so; a bad БИК is reported', () => {
    expect(validateCorrAccount('30101810400000000225')).toMatchObject({ valid: true });
    expect(validateCorrAccount('30101810400000000225').msg).toMatch(/укажите БИК/);
    expect(validateCorrAccount('30101810400000000225', '14452522').msg).toBe(
      'Счёт не проверить: БИК должен содержать 9 цифр, сейчас 8.',
    );
    expect(validateCorrAccount('30101810400000000225', '14452522').valid).toBe(false);
  });
});

describe('расчётный счёт', () => {
  it('the public example 40702810900000002851 at БИК 044030827 is valid', () => {
    expect(validateAccount('40702810900000002851', '044030827')).toEqual({
      valid: true,
      value: '40702810900000002851',
      msg: 'Счёт верный.',
    });
  });

  it('the worked key sum: "225"+"40702810938000012345" = 220', () => {
    expect(accountKeySum('225', '40702810938000012345')).toBe(0);
    expect(validateAccount('40702810938000012345', '044525225').valid).toBe(true);
  });

  it('refuses the public invalid example and a valid account under another bank', () => {
    expect(validateAccount('40702810000000002851', '044030827')).toMatchObject({
      valid: false,
      msg: 'Номер счёта не сходится с БИК по контрольному ключу — проверьте счёт и БИК.',
    });
    expect(validateAccount('40702810938000012345', '044525187').valid).toBe(false);
  });

  it('every changed key digit (position 9) is refused', () => {
    const acc = '40702810938000012345';
    for (let d = 0; d < 10; d++) {
      if (String(d) === acc[8]) continue;
      const wrong = `${acc.slice(0, 8)}${d}${acc.slice(9)}`;
      expect(validateAccount(wrong, '044525225').valid, wrong).toBe(false);
    }
  });

  it('an account in the Bank of Russia uses "0" + БИК[5..6]', () => {
    // БИК 044525000 (a Bank of Russia unit): prefix «025», not «000». Build the key for that prefix.
    const bik = '044525000';
    const base = '40105810000000000001';
    const withKey = (key: number) => `${base.slice(0, 8)}${key}${base.slice(9)}`;
    const good = Array.from({ length: 10 }, (_, k) => withKey(k)).find((a) => accountKeySum('025', a) === 0)!;
    expect(validateAccount(good, bik).valid).toBe(true);
    // The same number checked the ordinary way (prefix «000») would have a different key.
    expect(accountKeySum('000', good)).not.toBe(0);
  });

  it('treasury accounts 03… have no key: length only', () => {
    expect(validateAccount('03100643000000018500', '017003983')).toMatchObject({ valid: true });
    expect(validateAccount('03100643000000018501', '017003983').valid).toBe(true);
    expect(validateAccount('0310064300000001850', '017003983').msg).toBe(
      'Номер счёта должен содержать 20 цифр, сейчас 19.',
    );
  });

  it('strips spaces and dashes, refuses letters and zeros', () => {
    expect(validateAccount('40702 810 9 0000 0002851', '044 030 827').valid).toBe(true);
    expect(validateAccount('4070281090000000285I', '044030827').msg).toBe('Номер счёта должен состоять только из цифр.');
    expect(validateAccount('00000000000000000000', '044030827').valid).toBe(false);
  });
});

describe('validateRequisite', () => {
  it('routes every kind', () => {
    expect(validateRequisite('inn', '7707083893').valid).toBe(true);
    expect(validateRequisite('kpp', '773601001').valid).toBe(true);
    expect(validateRequisite('ogrn', '1027700132195').valid).toBe(true);
    expect(validateRequisite('ogrnip', '304500116000157').valid).toBe(true);
    expect(validateRequisite('okpo', '00032537').valid).toBe(true);
    expect(validateRequisite('bik', '044525225').valid).toBe(true);
    expect(validateRequisite('account', '40702810900000002851', '044030827').valid).toBe(true);
    expect(validateRequisite('account', '40702810000000002851', '044030827').valid).toBe(false);
    expect(validateRequisite('corrAccount', '30101810400000000225', '044525225').valid).toBe(true);
    expect(validateRequisite('snils', '112-233-445 95').valid).toBe(true);
  });
});
