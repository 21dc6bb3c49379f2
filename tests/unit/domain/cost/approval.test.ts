// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { approvalBlock, initialsName, type PrintCompany } from '@/lib/domain/cost/print-header';

const company: PrintCompany = {
  kind: 'legal', fullName: 'ООО «Ромашка»', inn: '', kpp: '', ogrn: '', legalAddress: '', phone: '', email: '',
  directorName: 'Иванов Пётр Сергеевич', directorTitle: 'Генеральный директор', accountantName: '', bankAccounts: [],
};

describe('«УТВЕРЖДАЮ» of the printed калькуляция', () => {
  it('the director’s position, company, «И. О. Фамилия» and the date in words', () => {
    expect(approvalBlock(company, '2026-11-25')).toEqual({ position: 'Генеральный директор', company: 'ООО «Ромашка»', name: 'П. С. Иванов', date: '25 ноября 2026 г.' });
  });
  it('without a company or a director — empty lines to fill by hand, the date still in words', () => {
    expect(approvalBlock(null, '2026-03-01')).toEqual({ position: '', company: '', name: '', date: '1 марта 2026 г.' });
    expect(approvalBlock({ ...company, directorName: '', directorTitle: '' }, '2026-03-01')).toMatchObject({ position: '', name: '' });
    expect(approvalBlock({ ...company, directorTitle: '' }, '2026-03-01').position).toBe('Руководитель');
  });
  it('initials: without a patronymic; a name written with initials first stays', () => {
    expect(initialsName('Петрова Анна')).toBe('А. Петрова');
    expect(initialsName('  И. С.  Петров ')).toBe('И. С. Петров');
    expect(initialsName('')).toBe('');
  });
});
