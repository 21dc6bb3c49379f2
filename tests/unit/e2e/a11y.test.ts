import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { AXE_TAGS, failing, type A11yOptions } from '@/tests/e2e/a11y';

/**
 * The e2e audit's configuration (tests/e2e/a11y.ts: axe-core with our rule sets and impact filter) catches
 * real faults and passes a good page. Runs axe in jsdom (no layout, so contrast is left to the browser).
 */
async function audit(body: string, { lang = 'ru', title = 'Страница' } = {}, options: A11yOptions = { landmarks: ['main'] }) {
  if (lang) document.documentElement.setAttribute('lang', lang);
  else document.documentElement.removeAttribute('lang');
  document.title = title;
  document.body.innerHTML = body;
  const results = await axe.run(document, { runOnly: { type: 'tag', values: AXE_TAGS }, rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
  return failing(results.violations, options);
}
const rules = (list: { rule: string }[]) => [...new Set(list.map((v) => v.rule))].sort();

const GOOD = `
  <header><button type="button" aria-label="Меню"><i class="pi pi-bars" aria-hidden="true"></i></button></header>
  <nav aria-label="Главное меню"><ul><li><a href="/a">Калькуляторы</a></li></ul></nav>
  <main>
    <h1>Заголовок</h1>
    <img src="x.png" alt="">
    <label for="f1">Имя</label><input id="f1">
    <label>Фамилия <input></label>
    <input aria-label="Поиск">
    <div role="tablist"><div role="tab" tabindex="0" aria-selected="true">Вкладка</div></div>
    <div aria-hidden="true"><span>украшение</span></div>
    <button type="button" hidden></button>
  </main>`;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a11y audit (axe-core with our rule sets)', () => {
  it('finds nothing on a good page', async () => {
    expect(await audit(GOOD)).toEqual([]);
  });

  it('controls without a name', async () => {
    const v = await audit(`<main><h1>x</h1>
      <button type="button"><i class="pi pi-cog"></i></button>
      <a href="/x"><i class="pi pi-home" aria-hidden="true"></i></a>
      <input type="text">
      <select></select>
    </main>`);
    expect(rules(v)).toEqual(expect.arrayContaining(['button-name', 'label', 'link-name', 'select-name']));
  });

  it('images without alt', async () => {
    expect(rules(await audit(`<main><h1>x</h1><img src="a.png"><div role="img"></div></main>`))).toEqual(['image-alt', 'role-img-alt']);
  });

  it('missing language and title', async () => {
    const v = await audit(`<main><button>Ок</button></main>`, { lang: '', title: '' });
    expect(rules(v)).toEqual(expect.arrayContaining(['document-title', 'html-has-lang']));
  });

  it('moderate findings count only for landmarks, and only when landmarks are asked for', () => {
    const node = { target: ['main'], html: '<main>', any: [], all: [], none: [], impact: 'moderate' as const, failureSummary: 'x' };
    const result = (id: string) => ({ id, impact: 'moderate' as const, tags: [], description: '', help: id, helpUrl: '', nodes: [node] });
    const found = [result('landmark-one-main'), result('heading-order')];
    expect(failing(found, { landmarks: ['main'] }).map((v) => v.rule)).toEqual(['landmark-one-main']);
    expect(failing(found, {})).toEqual([]);
  });

  it('roles without their parent, broken lists', async () => {
    const v = await audit(`<main><h1>x</h1>
      <div role="tab" tabindex="0">Сирота</div>
      <ul><div>не li</div></ul>
      <li>потерянный</li>
    </main>`);
    expect(rules(v)).toEqual(['aria-required-parent', 'list', 'listitem']);
  });

  it('ignores what is not rendered', async () => {
    expect(await audit(`<main><h1>x</h1><div style="display:none"><button></button><img src="a.png"></div></main>`)).toEqual([]);
  });
});
