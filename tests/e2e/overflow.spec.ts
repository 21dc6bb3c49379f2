import type { APIRequestContext, Page, Response } from '@playwright/test';
import { MENU } from '../../lib/domain/layout/menu';
import { ROUTE_BREADCRUMBS } from '../../lib/domain/layout/routes';
import { expect, test, type SignedUp } from './fixtures';
import { pageHeaderProblems, watchPolicy } from './page-headers';

/**
 * No page scrolls sideways on a phone (390 px): every route — public, sign-in, every page of the shell with real
 * ids, /cost/print, each calculator with a result — is loaded with data in it, and the document must be no wider
 * than the window. Wide tables scroll inside their own frame instead. At 1440 px the business-process editor and
 * the specification editor fit as well, their steps and materials tables included. A failure names the elements sticking out past the right edge.
 *
 * The same loads check each page's security headers and Content-Security-Policy (./page-headers.ts): every route
 * of the breadcrumb table and the menu is among them, and Chromium reports no policy violation on any.
 */

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

/** Inputs that give every calculator a result (the long ones — 60 months of a loan, years of penalties — on purpose). */
const CALC_QUERY: Record<string, Record<string, string>> = {
  vat: { amount: '1 234 567,89' },
  usn: { year: '2025', income: '12 500 000', contributions: '53 658' },
  'tax-penalty': { debt: '1 250 000', dueDate: '28.01.2023', paymentDate: '15.06.2025' },
  'ip-contributions': { year: '2025', income: '4 800 000' },
  salary: { amount: '185 000', month: '03.2026', children: '2' },
  vacation: { earnings: '1 450 000', fullMonths: '10', partialMonths: '30/15; 31/10', incomeBefore: '600 000' },
  'vacation-compensation': { monthsWorked: '7', averageDaily: '3 412,97' },
  'sick-leave': { startDate: '12.02.2026', earnings1: '1 900 000', earnings2: '2 100 000', insuranceYears: '9', days: '14' },
  'salary-delay': { amount: '92 000', dueDate: '15.03.2023', paymentDate: '20.05.2025' },
  'employee-contributions': { monthlyPay: '240 000', ytdBefore: '2 160 000', month: '10.2025' },
  loan: { principal: '3 500 000', annualRatePct: '18,5', months: '60', type: 'differentiated' },
  leasing: { priceWithVat: '7 800 000', months: '36', annualRatePct: '21', buyout: '10 000' },
  investment: { investment: '5 000 000', cashFlows: '1 200 000; 1 500 000; 1 800 000; 2 100 000; 2 400 000', ratePct: '16' },
  'interest-395': { debt: '4 750 000', from: '10.01.2022', to: '30.06.2025' },
  'contract-penalty': { amount: '2 300 000', from: '01.02.2023', to: '30.04.2025', by: 'keyRateFraction', keyRateFraction: '1/300' },
  'court-fee': { claim: '12 345 678' },
  markup: { cost: '12 800', markupPct: '35' },
  'break-even': { fixedCosts: '850 000', price: '4 500', variableCost: '2 750', plannedQty: '900' },
  depreciation: { cost: '3 600 000', usefulLifeMonths: '84', method: 'declining' },
};

interface Seeded {
  specId: string;
  setId: string;
  docFolderId: string;
  specFolderId: string;
  templateFolderId: string;
  templateId: string;
  customId: string;
  customToken: string;
}

/** Everything the pages show, made through the API: a company, a specification with lines, a process set, folders, a custom calculator. */
async function seed(request: APIRequestContext, user: SignedUp): Promise<Seeded> {
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const call = async (path: string, data: object) => {
    const res = await request.post(path, { headers, data });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.ok(), `${path}: ${JSON.stringify(body)}`).toBe(true);
    return body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const api = (name: string, data: object) => call(`/api/v1/${name}`, data);
  const files = (name: string, data: object) => call(`/file-manager-service/api/v1/${name}`, data);

  await api('companies/create', {
    isOwn: true,
    kind: 'legal',
    fullName: 'Общество с ограниченной ответственностью «Производственно-коммерческая фирма „Мебельная мастерская Северо-Запад“»',
    shortName: 'ООО «ПКФ „Мебельная мастерская Северо-Запад“»',
    inn: '7707083893',
    kpp: '773601001',
    legalAddress: '117312, г. Москва, ул. Вавилова, д. 19, строение 3, этаж 2, помещение 14',
    email: 'bukhgalteriya-mebelnaya-masterskaya@example.ru',
    taxRegime: 'osno',
    bankAccounts: [{ bik: '044525225', bankName: 'ПАО Сбербанк', corrAccount: '30101810400000000225', account: '40702810938000012345', isDefault: true }],
  });
  const set = await api('processes/save', {
    name: 'Сборка корпусной мебели на линии раскроя и кромкооблицовки',
    steps: [
      { id: 's1', name: 'Раскрой плиты ЛДСП на форматно-раскроечном станке', role: 'Оператор форматно-раскроечного станка', time: '35', timeUnit: 'мин', rate: '650', workers: '2', equipment: { name: 'Форматно-раскроечный станок Altendorf F45', machineRate: '420', powerKw: '7,5', tariff: '8,45' } },
      { id: 's2', name: 'Облицовка кромок', time: '1,5', timeUnit: 'ч', rate: '580' },
      { id: 's3', name: 'Сборка', time: '50', timeUnit: 'мин', rate: '600' },
    ],
  });
  const setId = (set.set as { id: string }).id;
  const materials = Array.from({ length: 12 }, (_, i) => ({
    id: `m${i + 1}`,
    name: `Плита ЛДСП Egger H1145 ST10 дуб Бардолино натуральный 2800×2070×16 мм, лист ${i + 1}`,
    code: `EGR-H1145-ST10-${1000 + i}`,
    unit: 'м²',
    qty: '12.345',
    price: '1234567.89',
  }));
  const spec = await api('specs/create', {
    doc: {
      schemaVersion: 1,
      name: 'Шкаф-купе трёхдверный с зеркалами и внутренним наполнением',
      unit: 'шт',
      processSetId: setId,
      materials,
      operations: [
        { id: 'o1', name: 'Упаковка в гофрокартон и стрейч-плёнку', hours: '0.75', rate: '550', machineHours: '0.5', machineRate: '300' },
        { id: 'o2', name: 'Контроль качества', hours: '0.25', rate: '700' },
      ],
    },
  });
  const specId = spec.id as string;
  const folder = async (type: string) =>
    ((await files('createFolder', { name: `Папка для проверки ширины страницы ${type}`, type })).object as { id: string }).id;
  const docFolderId = await folder('documents');
  const specFolderId = await folder('specifications');
  const templateFolderId = await folder('templates');
  const templates = await api('templates/list', {});
  const templateId = (templates.objects as { id: string }[])[0]!.id;
  const custom = await api('calculators/custom/save', {
    name: 'Стоимость изготовления партии изделий с учётом брака и доставки',
    inputs: [
      { name: 'qty', label: 'Количество изделий в партии, шт' },
      { name: 'price', label: 'Себестоимость одного изделия без доставки, ₽' },
    ],
    formulas: [{ name: 'total', label: 'Стоимость партии с учётом брака 3 %', expr: 'qty * price * 1.03', kind: 'money' }],
  });
  const customId = (custom.calculator as { id: string }).id;
  const shared = await api('calculators/custom/share', { id: customId });
  return { specId, setId, docFolderId, specFolderId, templateFolderId, templateId, customId, customToken: shared.token as string };
}

interface Overflow {
  innerWidth: number;
  docWidth: number;
  bodyWidth: number;
  offenders: string[];
}

/**
 * Runs in the page: the document's and body's scroll widths, and the outermost elements whose right edge is past the
 * window — not counting those inside a frame that scrolls or clips, or in a fixed layer (those do not widen the page).
 */
function measureOverflow(): Overflow {
  const vw = window.innerWidth;
  const style = (el: Element) => getComputedStyle(el);
  const contained = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const cs = style(p);
      if (cs.overflowX !== 'visible' || cs.position === 'fixed') return true;
    }
    return false;
  };
  const describe = (el: Element) => {
    let d = el.tagName.toLowerCase();
    if (el.id) d += `#${el.id}`;
    const cls = [...el.classList].slice(0, 3).join('.');
    if (cls) d += `.${cls}`;
    const label = el.getAttribute('aria-label');
    if (label) d += `[aria-label="${label}"]`;
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    const parent = el.parentElement;
    const up = parent && parent !== document.body ? ` in ${parent.tagName.toLowerCase()}${parent.classList.length ? `.${[...parent.classList].slice(0, 2).join('.')}` : ''}` : '';
    const r = el.getBoundingClientRect();
    return `${d}${up} — right ${Math.round(r.right)} px, width ${Math.round(r.width)} px${text ? ` «${text}»` : ''}`;
  };
  const over = new Set<Element>();
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if ((r.width === 0 && r.height === 0) || r.right <= vw + 1) continue;
    if (style(el).position === 'fixed' || contained(el)) continue;
    over.add(el);
  }
  const outermost = [...over].filter((el) => !(el.parentElement && over.has(el.parentElement)));
  outermost.sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right);
  return {
    innerWidth: vw,
    docWidth: document.documentElement.scrollWidth,
    bodyWidth: document.body.scrollWidth,
    offenders: outermost.slice(0, 6).map(describe),
  };
}

/** Loads the route (or runs `open`), waits for the network to settle, and returns a problem line or null. */
async function check(page: Page, route: string, open?: () => Promise<void>, guest = false): Promise<string | null> {
  let res: Response | null = null;
  if (open) await open();
  else res = await page.goto(route).catch(() => page.goto(route)); // one retry: a navigation still going on the previous page can abort it
  visited.push(route);
  // Signed in, a page that sends to /auth means the session was lost; a guest may be sent there by design.
  if (!guest && /\/auth\?next=/.test(page.url()) && !route.startsWith('/auth')) return `${route}: signed out (${page.url()})`;
  const headers = res ? await pageHeaderProblems(route, res) : [];
  // Measured once the page's data and code are in: the network has settled (the bell's live stream aside), however
  // long that takes on a busy machine — not after 5 s whether or not it has.
  await page.waitForLoadState('networkidle');
  const o = await page.evaluate(measureOverflow);
  const wide =
    o.docWidth <= o.innerWidth && o.bodyWidth <= o.innerWidth
      ? []
      : [`${route} at ${o.innerWidth} px: document ${o.docWidth} px, body ${o.bodyWidth} px wide; sticking out:\n    ${o.offenders.join('\n    ') || '(nothing outside a scrolling frame — look at margins)'}`];
  const all = [...headers, ...wide];
  return all.length ? all.join('\n') : null;
}

/** Every route the sweep loaded (the breadcrumb table and the menu must all be among them). */
const visited: string[] = [];

/** Pages of one context that check routes at once: each waits for its own network to settle, and the waits overlap. */
const AT_ONCE = 3;

/** Checks every item on `first` and AT_ONCE - 1 more pages of its context (same viewport); returns the problems. */
async function checkAll(first: Page, items: { route: string; open?: (p: Page) => Promise<void> }[], guest = false): Promise<string[]> {
  const queue = [...items];
  const problems: string[] = [];
  const size = first.viewportSize();
  const more = await Promise.all(
    Array.from({ length: AT_ONCE - 1 }, async () => {
      const p = await first.context().newPage();
      if (size) await p.setViewportSize(size);
      return p;
    }),
  );
  const sweep = async (p: Page) => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      const { route, open } = item;
      const problem = await check(p, route, open && (() => open(p)), guest);
      if (problem) problems.push(problem);
    }
  };
  await Promise.all([first, ...more].map(sweep));
  await Promise.all(more.map((p) => p.close()));
  return problems;
}

const calcUrl = (id: string) => `/calculators/${id}?${new URLSearchParams(CALC_QUERY[id] ?? {}).toString()}`;

test('every page fits a 390 px phone without scrolling sideways, with its security headers and no policy violation; the editors fit 1440 px', async ({
  page,
  request,
  user,
  browser,
  baseURL,
}) => {
  // About 80 page loads: a minute on a quiet machine.
  test.setTimeout(240_000);
  const violations = await watchPolicy(page.context());
  const d = await seed(request, user);
  const problems: string[] = [];
  const note = (p: string | null) => {
    if (p) problems.push(p);
  };

  await page.setViewportSize(PHONE);
  const signedIn = [
    '/',
    '/specifications',
    `/specifications/folder/${d.specFolderId}`,
    '/specifications/create',
    `/specifications/create/${d.specId}`,
    '/catalog',
    '/business-processes',
    `/business-processes/${d.setId}`,
    '/companies',
    '/documents',
    `/documents/folder/${d.docFolderId}`,
    '/documents/templates',
    `/documents/templates/folder/${d.templateFolderId}`,
    `/file/${d.templateId}`,
    `/file/from-template/${d.templateId}`,
    '/calculators',
    '/calculators/rates',
    '/calculators/custom/new',
    `/calculators/custom/${d.customId}`,
    `/calculators/custom/${d.customId}/edit`,
    `/calculators/custom/shared/${d.customToken}`,
    '/education',
    '/education/kalkulus-practice',
    '/education/kalkulus-practice/specifications',
    '/education/kalkulus-practice/certificate',
    '/education/new',
    '/education/kalkulus-practice/new',
    '/education/kalkulus-practice/edit',
    '/education/kalkulus-practice/specifications/edit',
    '/my-progress',
    '/search?q=шкаф',
    '/no-such-page',
  ];
  problems.push(...(await checkAll(page, signedIn.map((route) => ({ route })))));

  // /cost with the specification calculated (tables, charts, comparison), then its printed form.
  note(
    await check(page, '/cost (calculated)', async () => {
      // A link with the specification is calculated at once.
      await page.goto(`/cost?spec=${encodeURIComponent(d.specId)}`);
      // The page, its specification, the calculation and the results' own chunk: seconds on a loaded machine.
      await expect(page.getByRole('figure').first()).toBeVisible({ timeout: 30_000 });
    }),
  );
  note(
    await check(page, '/cost/print', async () => {
      await page.evaluate((specId) => localStorage.setItem('kalkulus.cost.print', JSON.stringify({ spec: { specId }, params: {} })), d.specId);
      await page.goto('/cost/print');
    }),
  );

  // Every calculator with a result (the loan with its 60-month schedule).
  problems.push(
    ...(await checkAll(
      page,
      Object.keys(CALC_QUERY).map((id) => ({
        route: calcUrl(id),
        open: async (p: Page) => {
          await p.goto(calcUrl(id)).catch(() => p.goto(calcUrl(id)));
          await expect(p.getByRole('region', { name: 'Результат' }), `${id}: no result`).toBeVisible({ timeout: 15_000 });
        },
      })),
    )),
  );

  // The editors at 1440 px.
  await page.setViewportSize(WIDE);
  note(await check(page, `/business-processes/${d.setId}`));
  // …and the steps table shows every column without scrolling inside its card.
  const steps = await page.locator('table', { has: page.getByLabel('Шаг 1: название') }).evaluate((t) => [t.scrollWidth, t.clientWidth]);
  if (steps[0]! > steps[1]!) problems.push(`/business-processes/${d.setId} at 1440 px: the steps table is ${steps[0]} px wide in a ${steps[1]} px frame`);
  note(await check(page, `/specifications/create/${d.specId}`));
  // …and the materials table shows every column beside the static menu without scrolling inside its frame.
  const mats = await page.getByTestId('materials-scroll').evaluate((el) => [el.scrollWidth, el.clientWidth]);
  if (mats[0]! > mats[1]!) problems.push(`/specifications/create/${d.specId} at 1440 px: the materials table is ${mats[0]} px wide in a ${mats[1]} px frame`);

  // Signed out: the public and sign-in pages.
  const guest = await browser.newContext({ baseURL, viewport: PHONE, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
  const guestViolations = await watchPolicy(guest);
  const out = await guest.newPage();
  const publicRoutes = ['/', '/landing', '/bench-baseline', '/auth', '/auth?mode=register', '/auth/oauth/yandex', '/confirm-email/not-a-real-token', '/confirm-phone', '/forgot-password/not-a-real-token', '/no-such-page'];
  // /confirm-phone sends a guest to sign in once it has asked for the session — measured where it lands, after the
  // move (how soon it comes depends on the machine, and a measurement in the middle of it would find no page).
  const toSignIn = async (p: Page) => {
    await p.goto('/confirm-phone');
    await p.waitForURL(/\/auth\?next=%2Fconfirm-phone/);
  };
  // /auth/renew without a session: its refresh is refused and it goes to sign-in — measured there, likewise.
  const renewToSignIn = async (p: Page) => {
    await p.goto('/auth/renew?next=%2Fcompanies');
    await p.waitForURL(/\/auth\?next=%2Fcompanies/);
  };
  problems.push(
    ...(await checkAll(
      out,
      [
        ...publicRoutes.map((route) => (route === '/confirm-phone' ? { route, open: toSignIn } : { route })),
        { route: '/auth/renew', open: renewToSignIn },
      ],
      true,
    )),
  );
  await guest.close();

  expect(problems, `pages wider than the window or without their headers:\n${problems.join('\n')}`).toEqual([]);
  expect([...violations, ...guestViolations]).toEqual([]);
  // Every page of the app was among them: each route of the breadcrumb table and each menu item.
  const paths = visited.map((r) => r.replace(/^\/cost \(calculated\)$/, '/cost').split(/[?#]/)[0]!);
  const matches = (pattern: string) => {
    const re = pattern
      .split('/')
      .map((seg) => (seg.startsWith('[[...') ? '(/.*)?' : seg.startsWith('[...') ? '/.+' : seg.startsWith('[') ? '/[^/]+' : seg && `/${seg}`))
      .join('');
    return paths.some((p) => new RegExp(`^${re || '/'}$`).test(p));
  };
  const menu = MENU.flatMap((s) => (s.items ?? []).map((i) => i.to).filter((to): to is string => typeof to === 'string'));
  expect([...Object.keys(ROUTE_BREADCRUMBS), ...menu].filter((p) => !matches(p))).toEqual([]);
});
