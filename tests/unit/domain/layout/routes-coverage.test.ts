// @vitest-environment node
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { breadcrumbFor } from '@/lib/domain/layout/breadcrumb';
import { MENU } from '@/lib/domain/layout/menu';
import { DEMO_BREADCRUMBS } from '@/components/demo/pages';
import { NOT_FOUND_CRUMBS, ROUTE_BREADCRUMBS, routeBreadcrumb, shellBreadcrumb } from '@/lib/domain/layout/routes';

/** The business table and the demo group's own (its layout hands it to the shell). */
const ALL = { ...ROUTE_BREADCRUMBS, ...DEMO_BREADCRUMBS };

const APP = join(process.cwd(), 'app');

/** Every page of app/ as its route pattern: `(group)` folders dropped, `[x]` kept. */
function appRoutes(dir = APP): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...appRoutes(full));
    else if (name === 'page.tsx') {
      const segs = relative(APP, dir).split(sep).filter((s) => s !== '' && !(s.startsWith('(') && s.endsWith(')')));
      out.push('/' + segs.join('/'));
    }
  }
  return out;
}

/** Real paths of a pattern: ids nobody knows, in English and in digits, for each dynamic segment. */
function samples(pattern: string): string[] {
  const segs = pattern.split('/').filter(Boolean);
  const fill = (id: string) =>
    '/' +
    segs
      .map((s) => (s.startsWith('[[...') ? `${id}/edit` : s.startsWith('[...') ? `${id}/more` : s.startsWith('[') ? id : s))
      .join('/');
  const out = [fill('Nope'), fill('42')];
  const last = segs[segs.length - 1];
  if (last?.startsWith('[[...')) out.push('/' + segs.slice(0, -1).join('/'));
  return out;
}

const cyrillic = /[А-Яа-яЁё]/;

describe('every route of app/ has Russian breadcrumb labels', () => {
  const routes = appRoutes();
  it('finds the pages (the walk works)', () => {
    expect(routes).toEqual(expect.arrayContaining(['/', '/auth', '/specifications/create/[[...specId]]', '/file/[fileId]', '/cost/print', '/[...catchAll]']));
    expect(routes.length).toBeGreaterThan(15);
  });
  for (const route of routes) {
    it(route, () => {
      for (const path of samples(route)) {
        const meta = routeBreadcrumb(path, ALL);
        expect(meta, path).not.toBeNull();
        // Only the catch-all page is «Страница не найдена»; every other page has its own line.
        if (route !== '/[...catchAll]') expect(meta, path).not.toBe(NOT_FOUND_CRUMBS);
        const crumbs = breadcrumbFor(path, meta);
        if (path === '/') {
          expect(crumbs).toEqual([]);
          continue;
        }
        expect(crumbs.length, path).toBeGreaterThan(0);
        const segments = path.split('/').filter(Boolean);
        for (const c of crumbs) {
          expect(c.label, path).toMatch(cyrillic);
          expect(segments, path).not.toContain(c.label);
        }
      }
    });
  }
  it('has no line for a route that does not exist', () => {
    const known = new Set(routes);
    for (const pattern of Object.keys(ALL)) expect(known.has(pattern), pattern).toBe(true);
  });
});

describe('route matching', () => {
  it('the menu wins over a pattern on its own path; more specific patterns win', () => {
    expect(routeBreadcrumb('/calculators')).toEqual([{ label: 'Калькулятор' }, { label: 'Калькуляторы', to: '/calculators' }]);
    expect(breadcrumbFor('/calculators/vat', routeBreadcrumb('/calculators/vat'))).toEqual([{ label: 'Калькуляторы', to: '/calculators' }, { label: 'Калькулятор' }]);
    expect(breadcrumbFor('/documents/templates/folder/7', routeBreadcrumb('/documents/templates/folder/7')).map((c) => c.label)).toEqual(['Мои документы', 'Шаблоны', 'Папка']);
    expect(breadcrumbFor('/specifications/create/Nope', routeBreadcrumb('/specifications/create/Nope'))).toEqual([
      { label: 'Спецификации', to: '/specifications' },
      { label: 'Спецификация' },
    ]);
  });
  it('an unknown path is «Страница не найдена», never its segments', () => {
    expect(shellBreadcrumb('/nowhere/Else')).toEqual(NOT_FOUND_CRUMBS);
    expect(shellBreadcrumb('/companies/5')).toEqual(NOT_FOUND_CRUMBS);
    expect(routeBreadcrumb('/x', {})).toBeNull();
    expect(shellBreadcrumb('/x')).toEqual(['Страница не найдена']);
  });
  it('menu items that are not pages yet still get their menu labels', () => {
    for (const s of MENU) for (const i of s.items ?? []) expect(routeBreadcrumb(i.to!)).toEqual([{ label: s.label }, { label: i.label, to: i.to }]);
  });
});
