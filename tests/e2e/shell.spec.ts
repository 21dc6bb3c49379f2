import type { Locator, Page, Route } from '@playwright/test';
import { AUTO_HIDE_MS } from '../../lib/domain/layout/state';
import { expect, test } from './fixtures';
import { shellEffectsRan } from './hydration';
import { recordRouterPrefetches, routerPrefetches, viewportPrefetchPass } from './router-prefetch';

/**
 * The shell: menu modes, top bar, settings with runtime theming, profile panel, pages.
 * The signed-in dashboard on `/` lives inside the shell, so it is the page most tests use.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

async function style(loc: Locator, prop: string): Promise<string> {
  return loc.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);
}

async function box(loc: Locator) {
  const b = await loc.boundingBox();
  if (!b) throw new Error('no box');
  return b;
}

/** Waits until the element's property settles (PrimeReact colours animate for 0.2 s). */
async function expectStyle(loc: Locator, prop: string, value: string) {
  await expect.poll(() => style(loc, prop)).toBe(value);
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Настройки' }).click();
  const panel = page.getByRole('complementary', { name: 'Настройки' }).or(page.locator('.layout-config'));
  await expect(panel.first()).toBeVisible();
  return panel.first();
}

async function closePanel(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.locator('.p-sidebar')).toHaveCount(0);
}

async function chooseMenuMode(page: Page, label: string) {
  const panel = await openSettings(page);
  await panel.getByRole('radio', { name: label, exact: true }).check();
  await closePanel(page);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

const sidebar = (page: Page) => page.locator('.layout-sidebar');
const menuLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name, exact: true });

/** Moves the mouse onto the part of the sidebar that is on screen. */
async function hoverSidebar(page: Page) {
  const b = await box(sidebar(page));
  await page.mouse.move(b.x + b.width - 15, 300);
}
const wrapper = (page: Page) => page.locator('.layout-wrapper');

/**
 * Stops the page's clock (installed with `page.clock.install()`): its timers fire only as the test moves it with
 * `page.clock.runFor`. `Date` is fixed first at the moment to stop at: a running clock may be a little ahead of the
 * test's own, and stopping at a moment the page has passed would fail.
 */
async function stopClock(page: Page) {
  const now = Date.now();
  await page.clock.setFixedTime(now);
  await page.clock.pauseAt(now);
}

/**
 * Resolves once what the page has queued has rendered and its CSS transitions have run. React renders a state update
 * that a timer made (a default-lane render, which React does not time-slice) in one task of its scheduler, a
 * MessageChannel message: a message posted after the timer has fired comes after that task.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  });
}

/** A route handler that holds RSC requests (a navigation's, a prefetch's) until `release()`; others pass at once. */
function holdRsc() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const route = async (r: Route) => {
    if (r.request().headers()['rsc'] !== undefined) await released;
    // The router may drop a request while it is held (a prefetch on hover overtaken by the click's navigation).
    await r.continue().catch((e: unknown) => {
      if (!String(e).includes('already handled')) throw e;
    });
  };
  return { route, release: () => release() };
}

test.describe('на компьютере (1280 px)', () => {
  test.use({ viewport: DESKTOP });

  test('статичное меню: разделы и пункты, переключатель, цепочка, поиск, «Написать»', async ({ page, user }) => {
    expect(user.email).toContain('@');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Калькулус: рабочий стол');
    const menu = page.getByRole('navigation', { name: 'Главное меню' });
    for (const label of ['Калькуляторы', 'Бизнес-процессы', 'Спецификации', 'Себестоимость', 'Компании', 'Мои документы', 'Мой прогресс', 'Обучение']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    for (const section of ['Калькулятор', 'Компании', 'Личный кабинет']) {
      await expect(menu.locator('.layout-menuitem-root-text', { hasText: new RegExp(`^${section}$`) })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Калькуляторы' }).locator('i')).toHaveClass(/pi-calculator/);
    // The e2e server has no support chat address: no «Написать» block at all, and no setting names on screen.
    await expect(page.getByText('Появился какой-нибудь вопрос по сервису?')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Написать' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Написать' })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('MESSENGER_URL');

    // Breadcrumb on the home page: only the home icon.
    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
    await expect(crumbs.getByRole('link', { name: 'Главная' })).toBeVisible();
    await expect(crumbs.locator('li')).toHaveCount(1);

    expect((await box(sidebar(page))).x).toBe(0);
    expect(await style(page.locator('.layout-main-container'), 'margin-left')).toBe('252px');
    await shot(page, 'static-light');
    await page.getByRole('button', { name: 'Меню' }).click();
    await expect(wrapper(page)).toHaveClass(/layout-static-inactive/);
    await expect.poll(async () => (await box(sidebar(page))).x).toBeLessThan(-200);
    await expectStyle(page.locator('.layout-main-container'), 'margin-left', '0px');
    await page.getByRole('button', { name: 'Меню' }).click();
    await expect(wrapper(page)).not.toHaveClass(/layout-static-inactive/);
    await expect.poll(async () => (await box(sidebar(page))).x).toBe(0);

    // Search box: opens, takes text, never errors.
    const search = page.getByRole('combobox', { name: 'Поиск' });
    await expect(search).toHaveAttribute('placeholder', 'Поиск…');
    await search.fill('себестоимость');
    await search.press('Escape');
    await expect(search).toHaveValue('');
    expect(errors).toEqual([]);
  });

  test('меню цвета «Основной цвет»: название в верхней панели читается в светлой и тёмной схеме', async ({ page, context, baseURL, user }) => {
    expect(user.email).toBeTruthy();
    for (const darkTheme of [false, true]) {
      const settings = { preset: 'Aura', primary: 'blue', surface: null, darkTheme, menuMode: 'static', menuTheme: 'primaryColor', scale: 14, ripple: true, inputStyle: 'outlined' };
      await context.addCookies([{ name: 'ui-settings', value: encodeURIComponent(JSON.stringify(settings)), url: baseURL ?? 'http://127.0.0.1:3018' }]);
      await page.goto('/');
      const logo = page.locator('.layout-topbar-logo');
      const [text, bar] = await Promise.all([style(logo, 'color'), style(page.locator('.layout-topbar'), 'background-color')]);
      expect(text).not.toBe(bar);
      // The product name has the primary colour, as in the other menu themes (not the menu's white).
      const primary = await page.evaluate(() => {
        const el = document.createElement('span');
        el.style.color = 'var(--primary-color)';
        document.body.append(el);
        const out = getComputedStyle(el).color;
        el.remove();
        return out;
      });
      expect(text).toBe(primary);
    }
  });

  test('пункт меню ведёт на свой раздел', async ({ page, user }) => {
    expect(user.accessToken).not.toBe('');
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Компании', exact: true }).click();
    await page.waitForURL('**/companies');
    const heading = page.getByRole('heading', { name: 'Страница не найдена' });
    if (await heading.isVisible()) return; // the page is not built yet: the catch-all answers
    const link = page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Компании', exact: true });
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toContainText('Компании');
  });

  test('меню не запрашивает страницы при открытии: пункт — при наведении, переход работает', async ({ page, user }) => {
    expect(user.accessToken).not.toBe('');
    const prefetched: string[] = [];
    page.on('request', (r) => {
      if (r.headers()['next-router-prefetch'] !== undefined) prefetched.push(new URL(r.url()).pathname);
    });
    // The router's prefetches as the page itself issues them (the network events reach the test later).
    await page.addInitScript(recordRouterPrefetches);
    const shellLive = shellEffectsRan(page);
    await page.goto('/specifications');
    await expect(page.getByText('Здесь пока пусто.')).toBeVisible({ timeout: 15_000 });
    await shellLive;
    // The shell has hydrated (the bell asked for its list): its links are mounted. Now past the moment a Link that
    // prefetches on sight would have asked for the menu's pages.
    expect(await viewportPrefetchPass(page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link'))).toEqual([]);
    expect(prefetched).toEqual([]);
    await menuLink(page, 'Компании').hover();
    await expect.poll(() => prefetched.includes('/companies')).toBe(true);
    expect(prefetched.every((p) => p === '/companies')).toBe(true);
    // The page's own record saw the hover's prefetch too: its empty answer above was not blindness.
    expect(await routerPrefetches(page)).toContain('/companies');
    await menuLink(page, 'Компании').click();
    await page.waitForURL('**/companies');
    await expect(menuLink(page, 'Компании')).toHaveAttribute('aria-current', 'page');
  });

  test('полоса загрузки видна при переходе по пункту меню и по цепочке, пока страница грузится', async ({ page, user }) => {
    expect(user.accessToken).not.toBe('');
    // A click before the page has hydrated is the browser's own navigation (no router, no bar): click once the
    // shell's effects have run.
    const shellLive = shellEffectsRan(page);
    await page.goto('/');
    await shellLive;
    await expect(page.locator('#nprogress')).toHaveCount(0);

    // The page's RSC answer (and its prefetch's) is held until the test has seen the bar: the navigation lasts that long.
    const companies = holdRsc();
    await page.route(/\/companies(\?|$)/, companies.route);
    await menuLink(page, 'Компании').click();
    await expect(page.locator('#nprogress .bar')).toBeVisible();
    companies.release();
    await page.waitForURL('**/companies');
    await expect(page.locator('#nprogress')).toHaveCount(0);
    await page.unroute(/\/companies(\?|$)/);

    const home = holdRsc();
    await page.route(/localhost:\d+\/(\?|$)|127\.0\.0\.1:\d+\/(\?|$)/, home.route);
    await page.getByRole('link', { name: 'Главная' }).click();
    await expect(page.locator('#nprogress .bar')).toBeVisible();
    home.release();
    await page.waitForURL((u) => u.pathname === '/');
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });

  test('роли после входа лежат в localStorage «userRoles», «Выйти» их убирает', async ({ page, user }) => {
    expect(user.accessToken).not.toBe('');
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('userRoles'))).not.toBeNull();
    expect(Array.isArray(JSON.parse((await page.evaluate(() => localStorage.getItem('userRoles'))) ?? 'null'))).toBe(true);
    await page.getByRole('button', { name: 'Профиль' }).click();
    await page.locator('.layout-profile').getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(/\/auth/);
    expect(await page.evaluate(() => localStorage.getItem('userRoles'))).toBeNull();
  });

  test('поверх страницы: кнопка открывает, щелчок мимо закрывает', async ({ page, user }) => {
    expect(user.email).toBeTruthy();
    await page.goto('/');
    await chooseMenuMode(page, 'Поверх страницы');
    await expect(wrapper(page)).toHaveClass(/layout-overlay/);
    await expect.poll(async () => (await box(sidebar(page))).x).toBeLessThan(-200);
    await expectStyle(page.locator('.layout-main-container'), 'margin-left', '0px'); // it slides over 0.2 s
    await page.getByRole('button', { name: 'Меню' }).click();
    await expect(wrapper(page)).toHaveClass(/layout-overlay-active/);
    await expect.poll(async () => (await box(sidebar(page))).x).toBe(0);
    await shot(page, 'overlay-open');
    await page.mouse.click(900, 500);
    await expect(wrapper(page)).not.toHaveClass(/layout-overlay-active/);
    await expect.poll(async () => (await box(sidebar(page))).x).toBeLessThan(-200);
    // Opening the settings while the overlay is open closes it first.
    await page.getByRole('button', { name: 'Меню' }).click();
    await expect(wrapper(page)).toHaveClass(/layout-overlay-active/);
    await page.getByRole('button', { name: 'Настройки' }).click();
    await expect(wrapper(page)).not.toHaveClass(/layout-overlay-active/);
    await closePanel(page);
    // Choosing static brings the menu back.
    await chooseMenuMode(page, 'Статичное');
    await expect.poll(async () => (await box(sidebar(page))).x).toBe(0);
  });

  for (const [label, mode, width] of [
    ['Узкое', 'slim', 70],
    ['Узкое с подписями', 'slim-plus', 98],
  ] as const) {
    test(`${mode}: колонка значков, всплывающие подменю по щелчку, затем по наведению`, async ({ page, user }) => {
      expect(user.email).toBeTruthy();
      await page.goto('/');
      await chooseMenuMode(page, label);
      await expect(wrapper(page)).toHaveClass(new RegExp(`layout-${mode}\\b`));
      await expect.poll(async () => (await box(sidebar(page))).width).toBeCloseTo(width, 0);
      await expect(page.getByRole('button', { name: 'Меню' })).toBeHidden();
      const calc = menuLink(page, 'Калькуляторы');
      await expect(calc).toBeHidden();
      await page.locator('.layout-root-button', { hasText: 'Калькулятор' }).click();
      await expect(calc).toBeVisible();
      await shot(page, `${mode}-popup`);
      // After the first click, hovering another section opens it.
      await page.locator('.layout-root-button', { hasText: 'Личный кабинет' }).hover();
      await expect(menuLink(page, 'Обучение')).toBeVisible();
      await expect(calc).toBeHidden();
      await page.mouse.click(900, 500);
      await expect(menuLink(page, 'Обучение')).toBeHidden();
    });
  }

  test('горизонтальное: строка под верхней панелью, выпадающие подменю', async ({ page, user }) => {
    expect(user.email).toBeTruthy();
    await page.goto('/');
    await chooseMenuMode(page, 'Горизонтальное');
    await expect(wrapper(page)).toHaveClass(/layout-horizontal/);
    const b = await box(sidebar(page));
    expect(b.y).toBe(56);
    expect(b.width).toBe(1280);
    expect(b.height).toBeCloseTo(49, 0);
    const root = page.locator('.layout-root-button', { hasText: 'Компании' });
    await root.click();
    const docs = menuLink(page, 'Мои документы');
    await expect(docs).toBeVisible();
    expect((await box(docs)).y).toBeGreaterThan(b.y + b.height - 1);
    await shot(page, 'horizontal-popup');
    await page.keyboard.press('Escape');
    await expect(docs).toBeHidden();
  });

  for (const [label, mode, collapsed] of [
    ['Выдвижное', 'reveal', 45.5],
    ['Раскрывающееся', 'drawer', 73.5],
  ] as const) {
    test(`${mode}: раскрывается при наведении, прячется через 300 мс, закрепляется`, async ({ page, user }) => {
      expect(user.email).toBeTruthy();
      // The 300 ms are counted on the page's clock, which the test stops and moves: a slow check cannot come after
      // them, nor a fast one before.
      await page.clock.install();
      await page.goto('/');
      await chooseMenuMode(page, label);
      await expect(wrapper(page)).toHaveClass(new RegExp(`layout-${mode}\\b`));
      const visibleWidth = async () => {
        const r = await box(sidebar(page));
        return r.x + r.width;
      };
      await expect.poll(visibleWidth).toBeCloseTo(collapsed, 0);
      await shot(page, `${mode}-collapsed`);
      await hoverSidebar(page);
      await expect(wrapper(page)).toHaveClass(/layout-sidebar-active/);
      await expect.poll(visibleWidth).toBeCloseTo(252, 0);
      await shot(page, `${mode}-expanded`);
      await stopClock(page);
      await page.mouse.move(900, 500);
      await page.clock.runFor(AUTO_HIDE_MS - 1);
      await expect(wrapper(page)).toHaveClass(/layout-sidebar-active/); // still open until the 300 ms are up
      await page.clock.runFor(1);
      await expect(wrapper(page)).not.toHaveClass(/layout-sidebar-active/);
      await expect.poll(visibleWidth).toBeCloseTo(collapsed, 0);
      // Pin: leaving no longer hides it, also once the 300 ms have passed.
      await hoverSidebar(page);
      await expect(wrapper(page)).toHaveClass(/layout-sidebar-active/);
      await page.getByRole('button', { name: 'Закрепить меню' }).click();
      await page.mouse.move(900, 500);
      await page.clock.runFor(AUTO_HIDE_MS);
      await settled(page);
      await expect(wrapper(page)).toHaveClass(/layout-sidebar-anchored/);
      await expect.poll(visibleWidth).toBeCloseTo(252, 0);
      expect(await style(page.locator('.layout-main-container'), 'margin-left')).toBe('252px');
    });
  }

  test('настройки меняют то, что видно: цвет, поверхность, нуар, пресет, схема; после перезагрузки всё на месте', async ({ page, user }) => {
    expect(user.email).toBeTruthy();
    await page.goto('/');
    const panel = await openSettings(page);
    for (const h of ['Основной цвет', 'Цвет поверхности', 'Пресет', 'Цветовая схема', 'Тип меню', 'Тема меню']) {
      await expect(panel.getByRole('heading', { name: h })).toBeVisible();
    }
    const primaries = panel.getByRole('button', { name: /^Основной цвет: / });
    await expect(primaries).toHaveCount(17);
    await expect(panel.getByRole('button', { name: /^Цвет поверхности: / })).toHaveCount(8);
    // The selected SelectButton option is painted with the primary colour.
    const presetAura = panel.locator('.p-selectbutton .p-button.p-highlight').first();
    await expectStyle(presetAura, 'background-color', rgb('#3b82f6'));

    await panel.getByRole('button', { name: 'Основной цвет: Изумрудный' }).click();
    await expectStyle(presetAura, 'background-color', rgb('#10b981'));
    await expect(page.locator('html')).toHaveClass(/primary-emerald/);

    // Surface zinc recolours borders (light) and cards (dark).
    const tile = page.locator('.dashboard-tile').first();
    await expectStyle(tile, 'border-top-color', rgb('#e2e8f0')); // slate 200 by default
    await panel.getByRole('button', { name: 'Цвет поверхности: Цинк' }).click();
    await expectStyle(tile, 'border-top-color', rgb('#e4e4e7'));

    // Dark: the primary moves to shade 400, cards to surface 800.
    await panel.getByRole('button', { name: 'Тёмная' }).click();
    await expect(page.locator('html')).toHaveClass(/app-dark/);
    await expectStyle(presetAura, 'background-color', rgb('#34d399'));
    await expectStyle(tile, 'background-color', rgb('#27272a'));
    await shot(page, 'dark-emerald-zinc');

    // Noir: near-black primary in light, near-white in dark.
    await panel.getByRole('button', { name: 'Основной цвет: Нуар' }).click();
    await expectStyle(presetAura, 'background-color', rgb('#fafafa')); // zinc 50
    await panel.getByRole('button', { name: 'Светлая' }).click();
    await expectStyle(presetAura, 'background-color', rgb('#09090b')); // zinc 950
    await shot(page, 'light-noir');

    // Aura vs Lara: input padding and the focus ring.
    const search = page.getByRole('combobox', { name: 'Поиск' });
    expect(await style(search, 'padding-top')).toBe('7px');
    await panel.getByRole('button', { name: 'Lara' }).click();
    await expect(page.locator('html')).toHaveClass(/preset-lara/);
    await expectStyle(search, 'padding-top', '10.5px');
    const rose = panel.getByRole('button', { name: 'Основной цвет: Малиновый' });
    await rose.click();
    await rose.focus();
    const laraButton = panel.locator('.p-selectbutton .p-button.p-highlight').first();
    await expectStyle(laraButton, 'background-color', rgb('#f43f5e'));
    // Lara's focus ring is a box-shadow; Aura's an outline (checked on a focused SelectButton option).
    await laraButton.focus();
    await expect.poll(() => style(laraButton, 'box-shadow')).toMatch(/ 4px/); // gap + ring layers
    expect(await style(laraButton, 'outline-style')).toBe('none');
    await panel.getByRole('button', { name: 'Aura' }).click();
    const auraButton = panel.locator('.p-selectbutton .p-button.p-highlight').first();
    await auraButton.focus();
    await expect.poll(() => style(auraButton, 'outline-style')).toBe('solid');
    await expect.poll(() => style(auraButton, 'box-shadow')).toBe('none');
    await panel.getByRole('radio', { name: 'Узкое с подписями', exact: true }).check();
    await panel.getByRole('radio', { name: 'Основной цвет', exact: true }).check();
    await panel.getByRole('button', { name: 'Тёмная' }).click();
    await closePanel(page);
    await expect(wrapper(page)).toHaveClass(/layout-primarycolor-menu/);

    // The server renders the same theme, so the first paint is already right.
    const html = await (await page.request.get('/')).text();
    const htmlTag = html.slice(html.indexOf('<html'), html.indexOf('>', html.indexOf('<html')) + 1);
    expect(htmlTag).toContain('app-dark');
    expect(htmlTag).toContain('preset-aura');
    expect(htmlTag).toContain('primary-rose');
    expect(htmlTag).toMatch(/--p-primary-500:\s*#f43f5e/);
    expect(htmlTag).toMatch(/--p-surface-800:\s*#27272a/);

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/app-dark/);
    await expect(wrapper(page)).toHaveClass(/layout-slim-plus/);
    await expect(wrapper(page)).toHaveClass(/layout-primarycolor-menu/);
    await expectStyle(page.locator('.dashboard-tile').first(), 'background-color', rgb('#27272a'));
    expect(await page.evaluate(() => localStorage.getItem('ui-settings'))).toContain('"primary":"rose"');
    await shot(page, 'reload-dark-rose-slimplus');
  });

  test('профиль: почта, уведомление о привязке, ФИО сохраняются с сообщением, выход', async ({ page, user }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Профиль' }).click();
    const panel = page.locator('.layout-profile');
    await expect(panel.getByTestId('profile-email')).toHaveText(user.email);
    await expect(panel.getByText('Аккаунт не привязан!')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Привязать' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Удалить' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Изменить' })).toBeEnabled();
    await panel.getByLabel('Имя', { exact: true }).fill('Анна');
    await panel.getByLabel('Фамилия').fill('Петрова');
    await panel.getByLabel('Отчество').fill('Сергеевна');
    await panel.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.locator('.p-toast').getByText('Профиль сохранён')).toBeVisible();
    await closePanel(page);
    await page.reload();
    await page.getByRole('button', { name: 'Профиль' }).click();
    await expect(page.locator('.layout-profile').getByLabel('Имя', { exact: true })).toHaveValue('Анна');
    await expect(page.locator('.layout-profile').getByLabel('Отчество')).toHaveValue('Сергеевна');
    await page.locator('.layout-profile').getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(/\/auth/);
    expect((await page.context().cookies()).find((c) => c.name === 'accessToken')).toBeUndefined();
  });

  test('клавиатура: пункты меню достижимы Tab и видимо в фокусе', async ({ page, user }) => {
    expect(user.email).toBeTruthy();
    await page.goto('/');
    const link = page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Калькуляторы' });
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (await link.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(link).toBeFocused();
    expect(await style(link, 'outline-style')).toBe('solid');
    await page.getByRole('button', { name: 'Настройки' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.layout-config')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.layout-config')).toHaveCount(0);
  });
});

test.describe('на телефоне (390 px)', () => {
  test.use({ viewport: PHONE });

  test('меню выезжает с маской, закрывается щелчком по маске и переходом', async ({ page, user }) => {
    expect(user.email).toBeTruthy();
    await page.goto('/');
    await expect.poll(async () => (await box(sidebar(page))).x).toBeLessThan(-200);
    await expect(page.locator('.layout-mask')).toBeHidden();
    await shot(page, 'phone-closed');
    await page.getByRole('button', { name: 'Меню' }).click();
    await expect(wrapper(page)).toHaveClass(/layout-mobile-active/);
    await expect(page.locator('.layout-mask')).toBeVisible();
    await expect.poll(async () => (await box(sidebar(page))).x).toBe(0);
    await expect(page.locator('body')).toHaveClass(/blocked-scroll/);
    await shot(page, 'phone-open');
    await page.locator('.layout-mask').click({ position: { x: 370, y: 400 } });
    await expect(wrapper(page)).not.toHaveClass(/layout-mobile-active/);
    await expect(page.locator('body')).not.toHaveClass(/blocked-scroll/);
    // Growing to desktop width with the mobile menu open closes it.
    await page.getByRole('button', { name: 'Меню' }).click();
    await expect(wrapper(page)).toHaveClass(/layout-mobile-active/);
    await page.setViewportSize(DESKTOP);
    await expect(wrapper(page)).not.toHaveClass(/layout-mobile-active/);
    await page.setViewportSize(PHONE);

    // Every desktop mode falls back to the same off-canvas menu.
    await chooseMenuMode(page, 'Горизонтальное');
    await expect.poll(async () => (await box(sidebar(page))).x).toBeLessThan(-200);
    await page.getByRole('button', { name: 'Меню' }).click();
    await expect(menuLink(page, 'Обучение')).toBeVisible();
    await menuLink(page, 'Обучение').click();
    await page.waitForURL('**/education');
  });

  test('кнопка настроек на /auth не закрывает поля формы', async ({ page }) => {
    await page.goto('/auth');
    const cog = await box(page.getByRole('button', { name: 'Настройки' }));
    for (const field of [page.getByLabel('Почта'), page.getByLabel('Пароль', { exact: true }), page.getByRole('button', { name: 'Продолжить' })]) {
      const f = await box(field);
      const apart = cog.x + cog.width <= f.x || f.x + f.width <= cog.x || cog.y + cog.height <= f.y || f.y + f.height <= cog.y;
      expect(apart).toBe(true);
    }
  });

  test('поиск открывается кнопкой', async ({ page, user }) => {
    expect(user.email).toBeTruthy();
    await page.goto('/');
    const input = page.getByRole('combobox', { name: 'Поиск' });
    await expect(input).toBeHidden();
    await page.getByRole('button', { name: 'Поиск' }).click();
    await expect(input).toBeVisible();
    await expect(input).toBeFocused();
  });
});

test.describe('страницы', () => {
  test('неизвестный адрес — «Страница не найдена» со ссылкой на главную', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await page.getByRole('link', { name: 'На главную' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
  });

  test('лендинг вне оболочки', async ({ page }) => {
    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Себестоимость и учёт без таблиц');
    await expect(page.locator('.layout-sidebar')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Начать бесплатно' })).toHaveAttribute('href', /\/auth/);
  });

  test('гость на главной видит настройки темы (простой вариант, без типа меню)', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Настройки' }).click();
    await expect(page.locator('.layout-config').getByRole('heading', { name: 'Основной цвет' })).toBeVisible();
    await expect(page.locator('.layout-config').getByRole('heading', { name: 'Тип меню' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Тёмная' }).click();
    await expect(page.locator('html')).toHaveClass(/app-dark/);
    await expectStyle(page.locator('body'), 'background-color', rgb('#18181b')); // zinc 900 ground
  });
});
