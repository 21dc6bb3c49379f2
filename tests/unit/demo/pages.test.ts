import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_BREADCRUMBS, DEMO_GROUPS, DEMO_PAGES, demoPageFor, isLinkable } from '@/components/demo/pages';
import { ROUTE_BREADCRUMBS, shellBreadcrumb } from '@/lib/domain/layout/routes';

const DEMO_DIR = join(process.cwd(), 'app', '(demo)');

/** Every page of app/(demo) as its route pattern. */
function demoRoutes(dir = DEMO_DIR): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...demoRoutes(full));
    else if (name === 'page.tsx') out.push('/' + relative(DEMO_DIR, dir).split(sep).filter((s) => s && !s.startsWith('(')).join('/'));
  }
  return out;
}

describe('the demo page list', () => {
  const routes = demoRoutes();
  const listed = new Set(DEMO_PAGES.map((p) => p.path));

  it('lists every page of app/(demo) (the index aside), each path once, in a known group', () => {
    expect(routes).toContain('/demo');
    for (const r of routes) if (r !== '/demo') expect(listed.has(r), r).toBe(true);
    expect(listed.size).toBe(DEMO_PAGES.length);
    for (const p of DEMO_PAGES) expect(DEMO_GROUPS).toContain(p.group);
  });

  it('gives each existing page the breadcrumb «Демо-страницы › group › title»', () => {
    for (const p of DEMO_PAGES.filter((x) => routes.includes(x.path))) {
      const tail = p.group === p.title ? [p.title] : [p.group, p.title];
      expect(DEMO_BREADCRUMBS[p.path], p.path).toEqual([{ label: 'Демо-страницы', to: '/demo' }, ...tail]);
    }
    expect(shellBreadcrumb('/apps/mail/detail/7', DEMO_BREADCRUMBS)).toEqual([{ label: 'Демо-страницы', to: '/demo' }, 'Почта', 'Письмо']);
    expect(shellBreadcrumb('/demo', DEMO_BREADCRUMBS)).toEqual(['Демо-страницы']);
  });

  it('keeps the demo lines out of the business table (the business pages do not ship them)', () => {
    for (const path of Object.keys(DEMO_BREADCRUMBS)) expect(ROUTE_BREADCRUMBS[path], path).toBeUndefined();
  });

  it('finds the entry of a real path, dynamic segments included', () => {
    expect(demoPageFor('/uikit/button')?.title).toBe('Кнопки');
    expect(demoPageFor('/apps/blog/detail/7')?.path).toBe('/apps/blog/detail/[id]');
    expect(demoPageFor('/apps/blog/edit')?.path).toBe('/apps/blog/edit/[[...id]]');
    expect(demoPageFor('/apps/blog/edit/3')?.path).toBe('/apps/blog/edit/[[...id]]');
    expect(demoPageFor('/uikit/nothing')).toBeUndefined();
    expect(DEMO_PAGES.filter((p) => !isLinkable(p)).map((p) => p.path)).toEqual([
      '/apps/blog/detail/[id]',
      '/apps/blog/edit/[[...id]]',
      '/apps/mail/detail/[id]',
    ]);
  });
});
