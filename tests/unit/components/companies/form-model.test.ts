// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bodyOf, emptyForm, formErrors, formOf, newAccount, withKind } from '@/components/companies/form-model';
import { companyInputSchema, type Company } from '@/lib/schemas/companies';

const sber = () => ({
  ...emptyForm(),
  fullName: 'ПАО Сбербанк',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  bankAccounts: [{ ...newAccount(true), bik: '044525225', corrAccount: '30101810400000000225', account: '40702810938000012345' }],
});

describe('company form model', () => {
  it('a correct company has no errors and its body passes the server schema', () => {
    const f = sber();
    expect(formErrors(f)).toEqual({});
    const parsed = companyInputSchema.safeParse(bodyOf(f));
    expect(parsed.success).toBe(true);
  });

  it('shows the same реквизит errors as the server, by wire path', () => {
    const f = { ...sber(), fullName: ' ', inn: '7707083894', email: 'нет-почты' };
    f.bankAccounts[0]!.bik = '044525974';
    const errors = formErrors(f);
    expect(errors).toEqual({
      fullName: 'Укажите полное наименование.',
      inn: 'Неверное контрольное число ИНН — проверьте, нет ли опечатки.',
      email: 'Неверный адрес электронной почты.',
      'bankAccounts.0.corrAccount':
        'Последние 3 цифры корреспондентского счёта должны совпадать с последними 3 цифрами БИК (974).',
      'bankAccounts.0.account': 'Номер счёта не сходится с БИК по контрольному ключу — проверьте счёт и БИК.',
    });
    const server = companyInputSchema.safeParse(bodyOf(f));
    expect(server.success).toBe(false);
    const paths = server.error!.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(Object.keys(errors).sort());
  });

  it('checks costing percentages of own companies only', () => {
    const f = { ...sber(), isOwn: true, costing: { ...sber().costing, additionalWagePct: '10,5', contributionsPct: '130', sellingPct: 'пять' } };
    expect(formErrors(f)).toEqual({
      'costing.contributionsPct': 'Введите число от 0 до 100.',
      'costing.sellingPct': 'Введите число: цифры и одна запятая, например 1 234,56.',
    });
    expect(formErrors({ ...f, isOwn: false })).toEqual({});
  });

  it('sends costing as decimal strings for own companies and null for counterparties', () => {
    const f = { ...sber(), isOwn: true, costing: { ...sber().costing, additionalWagePct: '10,5', shopBase: 'machineHours' as const, shopValue: '250' } };
    const body = bodyOf(f);
    expect(body.costing).toMatchObject({ additionalWagePct: '10,5', shop: { base: 'machineHours', rate: '250' } });
    const parsed = companyInputSchema.parse(body);
    expect(parsed.costing).toMatchObject({ additionalWagePct: '10.5', shop: { base: 'machineHours', rate: '250' } });
    expect(bodyOf({ ...f, isOwn: false }).costing).toBeNull();
  });

  it('round-trips a stored company through the form', () => {
    const stored = {
      ...companyInputSchema.parse({ ...bodyOf({ ...sber(), isOwn: true, costing: { ...sber().costing, accidentPct: '0,2' } }) }),
      id: '6f1c2a3e-0000-4000-8000-000000000001',
      folderId: null,
      version: 3,
      createdAt: '2026-11-22T00:00:00.000Z',
      updatedAt: '2026-11-22T00:00:00.000Z',
    } as Company;
    const f = formOf(stored);
    expect(f.costing.accidentPct).toBe('0,2');
    expect(companyInputSchema.parse(bodyOf(f))).toEqual(companyInputSchema.parse(bodyOf(formOf(stored))));
    expect(companyInputSchema.parse(bodyOf(f)).costing?.accidentPct).toBe('0.2');
  });

  it('changing the kind keeps a regime the new kind may have, else takes its first', () => {
    expect(withKind({ ...emptyForm(), taxRegime: 'usn6' }, 'entrepreneur').taxRegime).toBe('usn6');
    expect(withKind({ ...emptyForm(), taxRegime: 'usn6' }, 'person').taxRegime).toBe('none');
    expect(withKind({ ...emptyForm(), kind: 'entrepreneur', taxRegime: 'psn' }, 'legal').taxRegime).toBe('osno');
  });
});
