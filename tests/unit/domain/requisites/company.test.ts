// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { companyRequisiteErrors, vatOfRegime, vatTitle, type CompanyRequisites } from '@/lib/domain/requisites';

const base: CompanyRequisites = {
  isOwn: false,
  kind: 'legal',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  okpo: '00032537',
  snils: '',
  taxRegime: 'osno',
  bankAccounts: [],
};

describe('company реквизиты by kind', () => {
  it('a correct organisation has no errors', () => {
    expect(companyRequisiteErrors(base)).toEqual({});
  });

  it('an ИП has ОГРНИП, 12-digit ИНН, СНИЛС, 10-digit ОКПО and no КПП', () => {
    const ip: CompanyRequisites = { ...base, kind: 'entrepreneur', inn: '500100732259', kpp: '', ogrn: '304500116000157', okpo: '', snils: '11223344595', taxRegime: 'psn' };
    expect(companyRequisiteErrors(ip)).toEqual({});
    expect(companyRequisiteErrors({ ...ip, ogrn: '1027700132195', kpp: '773601001', okpo: '00032537' })).toEqual({
      ogrn: 'ОГРНИП состоит из 15 цифр; 13 цифр — это ОГРН организации.',
      kpp: 'КПП есть только у организаций — оставьте поле пустым.',
      okpo: 'ОКПО ИП или физического лица состоит из 10 цифр.',
    });
    expect(companyRequisiteErrors({ ...ip, inn: '7707083893' }).inn).toBe(
      'ИНН ИП или физического лица состоит из 12 цифр; 10 цифр — это ИНН организации.',
    );
  });

  it('an organisation refuses СНИЛС, a 10-digit ОКПО and ПСН / НПД', () => {
    expect(companyRequisiteErrors({ ...base, snils: '11223344595', okpo: '0003253700', taxRegime: 'psn' })).toEqual({
      snils: 'СНИЛС бывает только у физических лиц и ИП — оставьте поле пустым.',
      okpo: expect.stringMatching(/ОКПО/),
      taxRegime: expect.stringMatching(/^Режим «ПСН \(патент\)» не подходит: организация может применять ОСНО, /),
    });
  });

  it('ИНН is required except for a counterparty who is a private person', () => {
    expect(companyRequisiteErrors({ ...base, inn: '' }).inn).toBe('Укажите ИНН.');
    const person: CompanyRequisites = { ...base, kind: 'person', inn: '', kpp: '', ogrn: '', okpo: '', taxRegime: 'none' };
    expect(companyRequisiteErrors(person)).toEqual({});
    expect(companyRequisiteErrors({ ...person, isOwn: true }).inn).toBe('Укажите ИНН.');
    expect(companyRequisiteErrors({ ...person, ogrn: '1027700132195' }).ogrn).toMatch(/физического лица оставьте поле пустым/);
  });

  it('bank accounts: БИК and account required, к/с required at banks but not at Bank of Russia units', () => {
    const acc = (bik: string, corrAccount: string, account: string) => ({ ...base, bankAccounts: [{ bik, corrAccount, account }] });
    expect(companyRequisiteErrors(acc('044525225', '30101810400000000225', '40702810938000012345'))).toEqual({});
    expect(companyRequisiteErrors(acc('', '', ''))).toEqual({
      'bankAccounts.0.bik': 'Укажите БИК.',
      'bankAccounts.0.account': 'Укажите номер счёта.',
    });
    expect(companyRequisiteErrors(acc('044525225', '', '40702810938000012345'))).toEqual({
      'bankAccounts.0.corrAccount': 'Укажите корреспондентский счёт банка.',
    });
    // Treasury: ЕКС in the к/с slot, 03… account without a key.
    expect(companyRequisiteErrors(acc('017003983', '40102810445370000059', '03100643000000018500'))).toEqual({});
  });
});

describe('VAT that follows from the regime', () => {
  it.each([
    ['osno', { kind: 'general' }, 'НДС по общим ставкам'],
    ['usn-vat5', { kind: 'fixed', pct: '5' }, 'НДС 5\u00a0% (без права на вычет)'],
    ['usn-vat7', { kind: 'fixed', pct: '7' }, 'НДС 7\u00a0% (без права на вычет)'],
    ['usn6', { kind: 'none' }, 'Без НДС'],
    ['usn15', { kind: 'none' }, 'Без НДС'],
    ['ausn', { kind: 'none' }, 'Без НДС'],
    ['psn', { kind: 'none' }, 'Без НДС'],
    ['npd', { kind: 'none' }, 'Без НДС'],
  ] as const)('%s', (regime, vat, title) => {
    expect(vatOfRegime(regime)).toEqual(vat);
    expect(vatTitle(regime)).toBe(title);
  });

  it('shows the general rate from the rate table when given', () => {
    expect(vatTitle('osno', '22')).toBe('НДС по общим ставкам (22\u00a0%)');
  });
});
