// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { breadcrumbFor } from '@/lib/domain/layout/breadcrumb';
import { MENU, activeKeyForPath, isKeyActive, menuTrail } from '@/lib/domain/layout/menu';

describe('breadcrumb rule', () => {
  it('uses the page metadata when given; the last crumb has no link', () => {
    expect(breadcrumbFor('/companies/12', ['Компании', 'ООО «Ромашка»'])).toEqual([{ label: 'Компании' }, { label: 'ООО «Ромашка»' }]);
    expect(breadcrumbFor('/companies/12', [{ label: 'Компании', to: '/companies' }, { label: 'Карточка', to: '/x' }])).toEqual([
      { label: 'Компании', to: '/companies' },
      { label: 'Карточка' },
    ]);
  });
  it('falls back to path segments without empty and numeric ones, capitalised', () => {
    expect(breadcrumbFor('/specifications/42/edit/')).toEqual([{ label: 'Specifications', to: '/specifications' }, { label: 'Edit' }]);
    expect(breadcrumbFor('//calculators//vat?x=1')).toEqual([{ label: 'Calculators', to: '/calculators' }, { label: 'Vat' }]);
    expect(breadcrumbFor('/files/3.5/-1')).toEqual([{ label: 'Files' }]);
  });
  it('decodes and capitalises Cyrillic segments', () => {
    expect(breadcrumbFor('/%D0%BE%D1%82%D1%87%D1%91%D1%82')).toEqual([{ label: 'Отчёт' }]);
  });
  it('is empty on the home page and with empty metadata uses the path', () => {
    expect(breadcrumbFor('/')).toEqual([]);
    expect(breadcrumbFor('/cost', [])).toEqual([{ label: 'Cost' }]);
  });
});

describe('menu model', () => {
  it('has the menu groups and items in order', () => {
    expect(MENU.map((g) => [g.label, g.items?.map((i) => i.label)])).toEqual([
      ['Калькулятор', ['Калькуляторы', 'Бизнес-процессы', 'Спецификации', 'Номенклатура', 'Себестоимость']],
      ['Компании', ['Компании', 'Мои документы']],
      ['Личный кабинет', ['Мой прогресс', 'Обучение']],
    ]);
    for (const g of MENU) for (const i of g.items ?? []) expect(i.icon).toMatch(/^pi-/);
  });
  it('finds the active item from the route, also for nested pages', () => {
    expect(activeKeyForPath(MENU, '/calculators')).toBe('0-0');
    expect(activeKeyForPath(MENU, '/cost/')).toBe('0-4');
    expect(activeKeyForPath(MENU, '/catalog')).toBe('0-3');
    expect(activeKeyForPath(MENU, '/companies/15/edit')).toBe('1-0');
    expect(activeKeyForPath(MENU, '/companiesx')).toBe(null);
    expect(activeKeyForPath(MENU, '/')).toBe(null);
    expect(menuTrail(MENU, '/education')?.map((i) => i.label)).toEqual(['Личный кабинет', 'Обучение']);
  });
  it('an item is active with its descendants', () => {
    expect(isKeyActive('0-2', '0')).toBe(true);
    expect(isKeyActive('0-2', '0-2')).toBe(true);
    expect(isKeyActive('10', '1')).toBe(false);
    expect(isKeyActive(null, '1')).toBe(false);
  });
});

describe('route breadcrumb table', () => {
  it('menu routes get section › item in Russian', async () => {
    const { routeBreadcrumb } = await import('@/lib/domain/layout/routes');
    expect(routeBreadcrumb('/calculators/')).toEqual([{ label: 'Калькулятор' }, { label: 'Калькуляторы', to: '/calculators' }]);
    expect(breadcrumbFor('/cost', routeBreadcrumb('/cost'))).toEqual([{ label: 'Калькулятор' }, { label: 'Себестоимость' }]);
  });
  it('patterns match one dynamic segment; paths unknown to the table give null', async () => {
    const { routeBreadcrumb } = await import('@/lib/domain/layout/routes');
    const table = { '/companies/[id]': ['Компании', 'Карточка'], '/a': ['А'] };
    expect(routeBreadcrumb('/companies/5', table)).toEqual(['Компании', 'Карточка']);
    expect(routeBreadcrumb('/companies/5/x', table)).toBe(null);
    expect(routeBreadcrumb('/a?q=1', table)).toEqual(['А']);
    expect(routeBreadcrumb('/nowhere', table)).toBe(null);
  });
});
