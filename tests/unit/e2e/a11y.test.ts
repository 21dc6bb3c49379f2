import { afterEach, describe, expect, it } from 'vitest';
import { auditDocument } from '@/tests/e2e/a11y';

/** Each rule of our own a11y audit (tests/e2e/a11y.ts) fires on a broken page and stays quiet on a good one. */

function page(body: string, { lang = 'ru', title = 'Страница' } = {}) {
  document.documentElement.setAttribute('lang', lang);
  if (!lang) document.documentElement.removeAttribute('lang');
  document.title = title;
  document.body.innerHTML = body;
  return auditDocument(document, { landmarks: ['main', 'nav', 'header'] });
}
const rules = (list: { rule: string }[]) => list.map((v) => v.rule).sort();

const GOOD = `
  <header><button type="button" aria-label="Меню"><i class="pi pi-bars" aria-hidden="true"></i></button></header>
  <nav aria-label="Главное меню"><ul><li><a href="/a">Калькуляторы</a></li></ul></nav>
  <main>
    <img src="x.png" alt="">
    <label for="f1">Имя</label><input id="f1">
    <label>Фамилия <input></label>
    <input aria-label="Поиск">
    <button type="button" aria-expanded="false" aria-controls="later">Раздел</button>
    <div role="tablist"><div role="tab" tabindex="0">Вкладка</div></div>
    <div aria-hidden="true"><span>украшение</span></div>
    <button type="button" hidden></button>
  </main>`;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a11y audit', () => {
  it('finds nothing on a good page', () => {
    expect(page(GOOD)).toEqual([]);
  });

  it('controls without a name', () => {
    const v = page(`<header></header><nav></nav><main>
      <button type="button"><i class="pi pi-cog"></i></button>
      <a href="/x"><i class="pi pi-home" aria-hidden="true"></i></a>
      <input type="text">
      <select></select>
      <div role="button" tabindex="0"></div>
    </main>`);
    expect(rules(v)).toEqual(['button-name', 'button-name', 'label', 'label', 'link-name']);
    expect(v.find((x) => x.rule === 'link-name')?.impact).toBe('serious');
  });

  it('images without alt', () => {
    expect(rules(page(`<header></header><nav></nav><main><img src="a.png"><div role="img"></div></main>`))).toEqual(['image-alt', 'role-img-alt']);
  });

  it('duplicate ids and references that point nowhere', () => {
    const v = page(`<header></header><nav></nav><main>
      <span id="x">a</span><span id="x">b</span>
      <input aria-label="Поле" aria-describedby="nope">
      <button aria-labelledby="gone">Кнопка</button>
    </main>`);
    expect(rules(v)).toEqual(['aria-valid-ref', 'aria-valid-ref', 'duplicate-id']);
  });

  it('missing landmarks, language and title', () => {
    const v = page(`<div><button>Ок</button></div>`, { lang: '', title: '' });
    expect(rules(v)).toEqual(['document-title', 'html-lang', 'landmark-banner', 'landmark-main', 'landmark-nav']);
  });

  it('focusable content under aria-hidden, nested controls, bad roles and lists', () => {
    const v = page(`<header></header><nav></nav><main>
      <div aria-hidden="true"><button>Скрытая</button></div>
      <a href="/a">Ссылка <button>и кнопка</button></a>
      <div role="bogus">?</div>
      <div role="tab" tabindex="0">Сирота</div>
      <ul><div>не li</div></ul>
      <li>потерянный</li>
      <button aria-expanded="yes">Раскрыть</button>
    </main>`);
    expect(rules(v)).toEqual(['aria-expanded-value', 'aria-hidden-focus', 'aria-required-parent', 'aria-roles', 'list', 'listitem', 'nested-interactive']);
  });

  it('ignores what is not rendered', () => {
    expect(page(`<header></header><nav></nav><main><div style="display:none"><button></button><img src="a.png"></div></main>`)).toEqual([]);
  });
});

describe('a11y audit: contrast', () => {
  it('flags grey text on white and passes dark text; large text needs 3:1', () => {
    const rect = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 100, bottom: 20, width: 100, height: 20, toJSON: () => ({}) });
    try {
      const v = page(`<header></header><nav></nav><main style="background-color: rgb(255, 255, 255)">
        <p style="color: rgb(170, 170, 170)">бледный</p>
        <p style="color: rgb(75, 85, 99)">тёмный</p>
        <p style="color: rgb(130, 130, 130); font-size: 32px">крупный</p>
        <p style="color: rgb(255, 255, 255); background-color: rgb(59, 130, 246)">на синем</p>
        <button disabled style="color: rgb(200, 200, 200)">выключена</button>
      </main>`);
      expect(v.map((x) => `${x.rule} ${x.target}`)).toEqual(['color-contrast p «бледный»', 'color-contrast p «на синем»']);
    } finally {
      Element.prototype.getBoundingClientRect = rect;
    }
  });
});
