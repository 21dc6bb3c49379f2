/**
 * Our own small accessibility audit (axe-core's licence is not allowed here). `auditDocument` is
 * self-contained DOM code: the e2e suite runs it in the page through `page.evaluate`, the unit suite
 * runs it on jsdom fixtures (tests/unit/e2e/a11y.test.ts) to prove each rule fires.
 *
 * Rules follow axe's serious and critical ones that matter for this app: names of buttons, links and
 * form fields, image alt, duplicate ids, references that point nowhere, focusable content under
 * aria-hidden, nested interactive controls, list structure, roles and their parents, the page's
 * language and title, landmarks, and text contrast (WCAG AA).
 */
import type { Page } from '@playwright/test';

export interface A11yViolation {
  rule: string;
  impact: 'critical' | 'serious' | 'moderate';
  target: string;
  message: string;
}

export interface A11yOptions {
  /** Landmarks the page must have: main (exactly one), nav, header (banner). */
  landmarks?: ('main' | 'nav' | 'header')[];
  /** Skip the contrast rule (e.g. in the middle of a colour transition). */
  skipContrast?: boolean;
  /**
   * Judge text drawn in or on the primary colour too (off by default). The primary is the user's
   * pick from 17 palettes and the seed pins it (emerald buttons are #10b981 with white text, 2.5:1);
   * no choice of ours can make every palette pass, so the contrast rule covers everything else:
   * body and muted text, surfaces, menus, status colours.
   */
  judgePrimary?: boolean;
}

/** Runs the audit on `doc`. Must stay free of imports and outer variables: it is serialised into the page. */
export function auditDocument(doc: Document, options: A11yOptions = {}): A11yViolation[] {
  const win = doc.defaultView!;
  const out: A11yViolation[] = [];
  const style = (el: Element) => win.getComputedStyle(el);

  const describe = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${cls}${text ? ` «${text}»` : ''}`;
  };
  const add = (rule: string, impact: A11yViolation['impact'], el: Element | null, message: string) =>
    out.push({ rule, impact, target: el ? describe(el) : 'document', message });

  /** Rendered: neither it nor an ancestor is display:none or [hidden]; it is not visibility:hidden. */
  const rendered = (el: Element): boolean => {
    for (let n: Element | null = el; n; n = n.parentElement) {
      if ((n as HTMLElement).hidden) return false;
      if (style(n).display === 'none') return false;
    }
    return style(el).visibility !== 'hidden';
  };
  const ariaHidden = (el: Element) => el.closest('[aria-hidden="true"]') !== null;
  const inert = (el: Element) => el.closest('[inert]') !== null;

  const textOf = (el: Element): string => {
    let s = '';
    el.childNodes.forEach((n) => {
      if (n.nodeType === 3) s += n.textContent ?? '';
      else if (n.nodeType === 1) {
        const c = n as Element;
        if (c.getAttribute('aria-hidden') === 'true' || !rendered(c)) return;
        if (c.tagName === 'IMG') s += ` ${c.getAttribute('alt') ?? ''} `;
        else if (c.getAttribute('aria-label')) s += ` ${c.getAttribute('aria-label')} `;
        else s += ` ${textOf(c)} `;
      }
    });
    return s.replace(/\s+/g, ' ').trim();
  };

  const byIds = (ids: string) =>
    ids
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => doc.getElementById(id));

  const FIELD = (el: Element) =>
    (el.tagName === 'INPUT' && !['button', 'submit', 'reset', 'image', 'hidden'].includes((el as HTMLInputElement).type)) ||
    el.tagName === 'SELECT' ||
    el.tagName === 'TEXTAREA';

  const accessibleName = (el: Element): string => {
    const labelledby = el.getAttribute('aria-labelledby');
    if (labelledby) {
      const t = byIds(labelledby)
        .map((n) => (n ? n.getAttribute('aria-label') || textOf(n) : ''))
        .join(' ')
        .trim();
      if (t) return t;
    }
    const label = el.getAttribute('aria-label')?.trim();
    if (label) return label;
    if (FIELD(el)) {
      const labels = (el as HTMLInputElement).labels;
      const t = labels ? [...labels].map((l) => textOf(l)).join(' ').trim() : '';
      if (t) return t;
      const title = el.getAttribute('title')?.trim() || el.getAttribute('placeholder')?.trim();
      return title ?? '';
    }
    if (el.tagName === 'INPUT') return (el as HTMLInputElement).value || el.getAttribute('title') || '';
    if (el.tagName === 'IMG') return el.getAttribute('alt') ?? '';
    return textOf(el) || el.getAttribute('title')?.trim() || '';
  };

  // --- document ---
  const lang = doc.documentElement.getAttribute('lang');
  if (!lang) add('html-lang', 'serious', doc.documentElement, '<html> без атрибута lang');
  if (!doc.title.trim()) add('document-title', 'serious', null, 'у страницы нет <title>');

  // --- landmarks ---
  const wanted = options.landmarks ?? ['main'];
  const mains = [...doc.querySelectorAll('main, [role="main"]')].filter(rendered);
  if (wanted.includes('main') && mains.length !== 1) add('landmark-main', 'moderate', null, `ориентиров main: ${mains.length}, нужен один`);
  if (wanted.includes('nav') && ![...doc.querySelectorAll('nav, [role="navigation"]')].some(rendered))
    add('landmark-nav', 'moderate', null, 'нет ориентира nav');
  const banners = [...doc.querySelectorAll('header, [role="banner"]')].filter(
    (h) => rendered(h) && (h.getAttribute('role') === 'banner' || !h.parentElement?.closest('article, aside, main, nav, section')),
  );
  if (wanted.includes('header') && banners.length === 0) add('landmark-banner', 'moderate', null, 'нет ориентира header');

  // --- ids and references ---
  const seen = new Map<string, number>();
  doc.querySelectorAll('[id]').forEach((el) => seen.set(el.id, (seen.get(el.id) ?? 0) + 1));
  for (const [id, n] of seen) if (id && n > 1) add('duplicate-id', 'serious', doc.getElementById(id), `id «${id}» встречается ${n} раза`);
  for (const attr of ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-activedescendant']) {
    doc.querySelectorAll(`[${attr}]`).forEach((el) => {
      if (!rendered(el)) return;
      const ids = el.getAttribute(attr) ?? '';
      const missing = ids.split(/\s+/).filter((id) => id && !doc.getElementById(id));
      // aria-controls may point at a popup that is mounted only while open.
      if (missing.length && !(attr === 'aria-controls' && el.getAttribute('aria-expanded') === 'false'))
        add('aria-valid-ref', 'critical', el, `${attr} ссылается на несуществующий id: ${missing.join(', ')}`);
    });
  }
  doc.querySelectorAll('[aria-expanded]').forEach((el) => {
    const v = el.getAttribute('aria-expanded');
    if (v !== 'true' && v !== 'false' && v !== 'undefined') add('aria-expanded-value', 'critical', el, `aria-expanded="${v}"`);
  });

  // --- roles ---
  const ROLES = new Set(
    ('alert alertdialog application article banner button cell checkbox columnheader combobox complementary contentinfo definition ' +
      'dialog directory document feed figure form grid gridcell group heading img link list listbox listitem log main marquee math ' +
      'menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option presentation progressbar radio radiogroup ' +
      'region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton status switch tab table tablist tabpanel ' +
      'term textbox timer toolbar tooltip tree treegrid treeitem generic paragraph caption code deletion emphasis insertion strong subscript superscript time')
      .split(' '),
  );
  doc.querySelectorAll('[role]').forEach((el) => {
    const role = (el.getAttribute('role') ?? '').trim().split(/\s+/)[0] ?? '';
    if (role && !ROLES.has(role)) add('aria-roles', 'critical', el, `неизвестная роль «${role}»`);
  });
  const PARENTS: Record<string, string[]> = {
    option: ['listbox', 'group', 'combobox'],
    tab: ['tablist'],
    menuitem: ['menu', 'menubar', 'group'],
    treeitem: ['tree', 'group'],
  };
  for (const [role, parents] of Object.entries(PARENTS)) {
    doc.querySelectorAll(`[role="${role}"]`).forEach((el) => {
      if (!rendered(el)) return;
      // The nearest ancestor with a real role (none / presentation / generic do not count).
      let owner = el.parentElement?.closest('[role]') ?? null;
      while (owner && ['none', 'presentation', 'generic'].includes(owner.getAttribute('role') ?? '')) owner = owner.parentElement?.closest('[role]') ?? null;
      const ownerRole = owner?.getAttribute('role') ?? '';
      if (!parents.includes(ownerRole)) add('aria-required-parent', 'critical', el, `role="${role}" вне ${parents.join('/')}`);
    });
  }

  // --- lists ---
  doc.querySelectorAll('ul, ol').forEach((list) => {
    if (!rendered(list) || (list.getAttribute('role') && list.getAttribute('role') !== 'list')) return;
    for (const c of list.children) {
      const ok = c.tagName === 'LI' || c.tagName === 'SCRIPT' || c.tagName === 'TEMPLATE';
      if (!ok) add('list', 'serious', list, `в списке прямой потомок <${c.tagName.toLowerCase()}>`);
    }
  });
  doc.querySelectorAll('li').forEach((li) => {
    if (!rendered(li) || li.getAttribute('role')) return;
    const p = li.parentElement;
    if (!p || !['UL', 'OL', 'MENU'].includes(p.tagName)) add('listitem', 'serious', li, '<li> не в списке');
  });

  // --- interactive controls ---
  const CONTROL =
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="checkbox"], [role="radio"], ' +
    '[role="switch"], [role="tab"], [role="menuitem"], [role="option"], [role="combobox"], [role="slider"], [role="spinbutton"], ' +
    '[role="textbox"], [role="searchbox"], [role="listbox"], [role="treeitem"]';
  const controls = [...doc.querySelectorAll(CONTROL)].filter((el) => rendered(el) && !inert(el));
  const focusable = (el: Element) =>
    !(el as HTMLButtonElement).disabled &&
    el.getAttribute('tabindex') !== '-1' &&
    (el.matches('a[href], button, input, select, textarea') || el.hasAttribute('tabindex'));
  for (const el of controls) {
    if (ariaHidden(el)) {
      if (focusable(el)) add('aria-hidden-focus', 'serious', el, 'фокусируемый элемент внутри aria-hidden');
      continue;
    }
    const name = accessibleName(el);
    if (!name) {
      const kind = FIELD(el) || el.matches('[role="combobox"], [role="textbox"], [role="searchbox"], [role="listbox"], [role="slider"], [role="spinbutton"]')
        ? 'label'
        : el.matches('a[href], [role="link"]')
          ? 'link-name'
          : 'button-name';
      add(kind, kind === 'link-name' ? 'serious' : 'critical', el, 'у элемента нет доступного имени');
    }
    const inner = el.parentElement?.closest('a[href], button, [role="button"], [role="link"]');
    if (inner && focusable(el) && !ariaHidden(inner)) add('nested-interactive', 'serious', inner, `внутри интерактивного элемента ещё один: ${describe(el)}`);
  }
  doc.querySelectorAll('[tabindex]').forEach((el) => {
    if (!rendered(el) || !ariaHidden(el) || el.getAttribute('tabindex') === '-1' || inert(el)) return;
    if (!el.matches(CONTROL)) add('aria-hidden-focus', 'serious', el, 'фокусируемый элемент внутри aria-hidden');
  });

  // --- images ---
  doc.querySelectorAll('img').forEach((img) => {
    if (!rendered(img) || ariaHidden(img) || ['none', 'presentation'].includes(img.getAttribute('role') ?? '')) return;
    if (!img.hasAttribute('alt') && !img.getAttribute('aria-label') && !img.getAttribute('aria-labelledby')) add('image-alt', 'critical', img, '<img> без alt');
  });
  doc.querySelectorAll('[role="img"]').forEach((el) => {
    if (rendered(el) && !ariaHidden(el) && !accessibleName(el)) add('role-img-alt', 'serious', el, 'role="img" без имени');
  });

  // --- contrast (WCAG AA: 4.5, large text 3) ---
  if (!options.skipContrast) {
    type RGBA = [number, number, number, number];
    const parse = (c: string): RGBA | null => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const p = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
      return [p[0]!, p[1]!, p[2]!, p.length > 3 ? p[3]! : 1];
    };
    const over = (top: RGBA, bottom: RGBA): RGBA => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const ch = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a;
      return [ch(0), ch(1), ch(2), a];
    };
    const lum = (c: RGBA) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
    };
    /** The colour behind `el`, or null when an image or gradient is in the way (unknown). */
    const background = (el: Element): RGBA | null => {
      let acc: RGBA = [0, 0, 0, 0];
      for (let n: Element | null = el; n; n = n.parentElement) {
        const s = style(n);
        if (s.backgroundImage && s.backgroundImage !== 'none') return null;
        const bg = parse(s.backgroundColor);
        if (bg && bg[3] > 0) {
          // acc is on top of what lies further down.
          acc = acc[3] === 0 ? bg : over(acc, bg);
          if (acc[3] >= 0.999) return acc;
        }
      }
      return over(acc, [255, 255, 255, 1]);
    };
    const opacity = (el: Element) => {
      let o = 1;
      for (let n: Element | null = el; n; n = n.parentElement) o *= Number(style(n).opacity || '1');
      return o;
    };
    // The primary colour as the browser resolves it (see A11yOptions.judgePrimary).
    let primary: RGBA | null = null;
    if (!options.judgePrimary && style(doc.documentElement).getPropertyValue('--primary-color').trim()) {
      const probe = doc.createElement('span');
      probe.style.color = 'var(--primary-color)';
      doc.body.appendChild(probe);
      primary = parse(style(probe).color);
      probe.remove();
    }
    const near = (a: RGBA | null, b: RGBA | null) => !!a && !!b && a[3] > 0.5 && [0, 1, 2].every((i) => Math.abs(a[i]! - b[i]!) <= 2);
    const walker = doc.createTreeWalker(doc.body, 4 /* SHOW_TEXT */);
    const checked = new Set<Element>();
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const el = t.parentElement;
      if (!el || checked.has(el) || !(t.textContent ?? '').trim()) continue;
      checked.add(el);
      if (!rendered(el) || el.closest('[disabled], [aria-disabled="true"], .p-disabled, option, script, style, noscript')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue; // visually hidden text, or jsdom (no layout)
      const s = style(el);
      const fg0 = parse(s.color);
      const bg = background(el);
      if (!fg0 || !bg) continue;
      if (near(fg0, primary) || near(bg, primary)) continue;
      const o = opacity(el);
      if (o < 0.1) continue;
      const fg = over([fg0[0], fg0[1], fg0[2], fg0[3] * o], bg);
      const l1 = lum(fg);
      const l2 = lum(bg);
      const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
      const size = parseFloat(s.fontSize);
      const bold = Number(s.fontWeight) >= 700;
      const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
      if (ratio < need - 0.01) add('color-contrast', 'serious', el, `контраст ${ratio.toFixed(2)} < ${need} (${s.color} на rgb(${bg.slice(0, 3).map(Math.round).join(', ')}))`);
    }
  }
  return out;
}

/** Runs the audit in the page; returns serious and critical findings (and moderate landmark ones). */
export async function auditPage(page: Page, options: A11yOptions = {}): Promise<A11yViolation[]> {
  // Colours are judged once CSS transitions have settled (PrimeReact animates them for 0.2 s).
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), undefined, {
    timeout: 5000,
  });
  return page.evaluate(
    ({ src, opts }) => {
      const fn = new Function(`return (${src})`)() as (d: Document, o: unknown) => A11yViolation[];
      return fn(document, opts);
    },
    { src: auditDocument.toString(), opts: options },
  );
}

/** A readable list for a failed expectation. */
export function formatViolations(list: A11yViolation[]): string {
  return list.map((v) => `[${v.impact}] ${v.rule}: ${v.target} — ${v.message}`).join('\n');
}
