import type { Locator, Page } from '@playwright/test';
import { auditPage, formatViolations, type A11yOptions } from './a11y';
import { expect, test } from './fixtures';

/**
 * The shell in every menu mode and both schemes, keyboard use of the menu, popups kept on screen,
 * and the axe-core accessibility audit (tests/e2e/a11y.ts) on the shell and the main pages.
 * Modes are chosen through the settings cookie the server reads, so each one is a single page load.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const MODES = ['static', 'overlay', 'slim', 'slim-plus', 'reveal', 'drawer', 'horizontal'] as const;

async function chooseSettings(page: Page, patch: Record<string, unknown>) {
  const value = encodeURIComponent(
    JSON.stringify({ preset: 'Aura', primary: 'blue', surface: null, darkTheme: false, menuMode: 'static', menuTheme: 'colorScheme', ...patch }),
  );
  const url = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url());
  await page.context().addCookies([{ name: 'ui-settings', value, domain: url.hostname, path: '/' }]);
}

async function expectClean(page: Page, what: string, options: A11yOptions = {}) {
  const found = await auditPage(page, options);
  expect(found, `${what}:\n${formatViolations(found)}`).toEqual([]);
}

const rect = (loc: Locator) => loc.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
const wrapper = (page: Page) => page.locator('.layout-wrapper');
const sidebar = (page: Page) => page.locator('.layout-sidebar');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Главное меню' });
const rootButton = (page: Page, name: string) => page.locator('.layout-root-button', { hasText: name });
const SHELL: A11yOptions = { landmarks: ['main', 'nav', 'header'] };

/** Visible right edge of the sidebar (what is on screen), by mode, at 1280 px with 14 px root font. */
const EDGE: Record<(typeof MODES)[number], number> = {
  static: 252,
  overlay: 0,
  slim: 70,
  'slim-plus': 98,
  reveal: 45.5,
  drawer: 73.5,
  horizontal: 1280,
};

test.describe('оболочка на компьютере', () => {
  test.use({ viewport: DESKTOP });

  test('семь режимов меню в светлой и тёмной схеме: вид, клавиатура, доступность', async ({ page, user }) => {
    test.setTimeout(150_000); // 16 axe audits, a few seconds each
    expect(user.email).toBeTruthy();
    for (const dark of [false, true]) {
      for (const mode of MODES) {
        await chooseSettings(page, { menuMode: mode, darkTheme: dark });
        await page.goto('/');
        await expect(wrapper(page)).toHaveClass(new RegExp(`layout-${mode}(\\s|$)`));
        await expect(page.locator('html')).toHaveClass(dark ? /app-dark/ : /^(?!.*app-dark)/);
        await expect.poll(async () => {
          const r = await rect(sidebar(page));
          return Math.max(0, r.x + r.width);
        }).toBeCloseTo(EDGE[mode], 0);
        await page.screenshot({ path: test.info().outputPath(`${mode}-${dark ? 'dark' : 'light'}.png`) });
        if (dark) {
          await expectClean(page, `${mode}, тёмная`, SHELL);
          continue;
        }
        await expectClean(page, mode, SHELL);

        if (mode === 'static') {
          // Arrow keys walk the links; Home/End jump.
          await menu(page).getByRole('link', { name: 'Калькуляторы' }).focus();
          await page.keyboard.press('ArrowDown');
          await expect(menu(page).getByRole('link', { name: 'Бизнес-процессы' })).toBeFocused();
          await page.keyboard.press('End');
          await expect(menu(page).getByRole('link', { name: 'Обучение' })).toBeFocused();
          await page.keyboard.press('ArrowDown');
          await expect(menu(page).getByRole('link', { name: 'Калькуляторы' })).toBeFocused();
          await expect(page.getByRole('button', { name: 'Меню' })).toHaveAttribute('aria-expanded', 'true');
        }
        if (mode === 'overlay') {
          // A hidden menu cannot be tabbed into.
          await expect(menu(page).getByRole('link', { name: 'Калькуляторы' })).toBeHidden();
          const toggle = page.getByRole('button', { name: 'Меню' });
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');
          await toggle.focus();
          await page.keyboard.press('Enter');
          await expect(toggle).toHaveAttribute('aria-expanded', 'true');
          await expect(menu(page).getByRole('link', { name: 'Калькуляторы' })).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(wrapper(page)).not.toHaveClass(/layout-overlay-active/);
        }
        if (mode === 'reveal' || mode === 'drawer') {
          // Focus inside expands the menu like the mouse does.
          await menu(page).getByRole('link', { name: 'Калькуляторы' }).focus();
          await expect(wrapper(page)).toHaveClass(/layout-sidebar-active/);
          await page.getByRole('button', { name: 'Настройки' }).focus();
          await expect(wrapper(page)).not.toHaveClass(/layout-sidebar-active/);
        }
        if (mode === 'slim' || mode === 'slim-plus' || mode === 'horizontal') {
          // Enter opens a popup, the arrow enters it, Escape closes it and gives focus back.
          const root = rootButton(page, 'Компании');
          await root.focus();
          await page.keyboard.press('Enter');
          await expect(root).toHaveAttribute('aria-expanded', 'true');
          await page.keyboard.press(mode === 'horizontal' ? 'ArrowDown' : 'ArrowRight');
          await expect(menu(page).getByRole('link', { name: 'Компании', exact: true })).toBeFocused();
          await page.keyboard.press('ArrowDown');
          await expect(menu(page).getByRole('link', { name: 'Мои документы' })).toBeFocused();
          await expectClean(page, `${mode}, подменю открыто`, SHELL);
          await page.keyboard.press('Escape');
          await expect(root).toHaveAttribute('aria-expanded', 'false');
          await expect(root).toBeFocused();
          await expect(menu(page).getByRole('link', { name: 'Мои документы' })).toBeHidden();
          // After a click, hovering another section follows the mouse.
          await root.click();
          await rootButton(page, 'Личный кабинет').hover();
          await expect(menu(page).getByRole('link', { name: 'Обучение' })).toBeVisible();
          await expect(menu(page).getByRole('link', { name: 'Мои документы' })).toBeHidden();
          await page.keyboard.press('Escape');
          await expect(menu(page).getByRole('link', { name: 'Обучение' })).toBeHidden();
        }
      }
    }
  });

  test('масштаб, поля с заливкой и эффект нажатия применяются сразу и переживают перезагрузку', async ({ page, user }) => {
    expect(user.email).toBeTruthy();
    await page.goto('/');
    const html = page.locator('html');
    const search = page.getByRole('combobox', { name: 'Поиск' });
    const fontSize = () => html.evaluate((el) => getComputedStyle(el).fontSize);
    const searchBg = () => search.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await fontSize()).toBe('14px');
    const outlinedBg = await searchBg();
    await page.getByRole('button', { name: 'Настройки' }).click();
    const panel = page.locator('.layout-config');
    await panel.getByRole('button', { name: 'Увеличить масштаб' }).click();
    await panel.getByRole('button', { name: 'Увеличить масштаб' }).click();
    await expect.poll(fontSize).toBe('16px');
    await expect(panel.getByRole('button', { name: 'Увеличить масштаб' })).toBeDisabled();
    await panel.getByRole('button', { name: 'С заливкой' }).click();
    await expect(html).toHaveClass(/p-input-filled/);
    await expect.poll(searchBg).not.toBe(outlinedBg);
    await expectClean(page, 'панель «Настройки» с новыми значениями', SHELL);
    await page.screenshot({ path: test.info().outputPath('settings-scale-filled.png') });
    const ripple = panel.getByRole('checkbox', { name: 'Эффект нажатия' });
    await expect(ripple).toBeChecked();
    await ripple.click();
    await expect(ripple).not.toBeChecked();
    await expect(html).toHaveClass(/p-ripple-disabled/);
    await page.keyboard.press('Escape');

    const first = await (await page.request.get('/')).text();
    const tag = first.slice(first.indexOf('<html'), first.indexOf('>', first.indexOf('<html')) + 1);
    expect(tag).toMatch(/font-size:\s*16px/);
    expect(tag).toContain('p-input-filled');
    await page.reload();
    expect(await fontSize()).toBe('16px');
    await expect(html).toHaveClass(/p-ripple-disabled/);
    expect(await searchBg()).not.toBe(outlinedBg);
  });

  test('подменю не выходит за нижний край и закрывается при прокрутке', async ({ page, user }) => {
    expect(user.email).toBeTruthy();
    await chooseSettings(page, { menuMode: 'slim' });
    await page.setViewportSize({ width: 1280, height: 240 });
    await page.goto('/');
    await rootButton(page, 'Калькулятор').click();
    const popup = page.locator('.layout-root-menuitem.active-menuitem > .layout-submenu');
    await expect(popup).toBeVisible();
    const r = await rect(popup);
    expect(r.bottom).toBeLessThanOrEqual(240 - 8 + 0.5);
    expect(r.top).toBeGreaterThanOrEqual(8 - 0.5);
    await expect(menu(page).getByRole('link', { name: 'Себестоимость' })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('slim-popup-clamped.png') });
    // Scrolling the page closes it.
    await page.mouse.move(900, 150);
    await page.mouse.wheel(0, 200);
    await expect(popup).toHaveCount(0);
    await expect(rootButton(page, 'Калькулятор')).toHaveAttribute('aria-expanded', 'false');
  });

  test('доступность страниц и панелей для вошедшего; фокус всегда виден', async ({ page, user }) => {
    test.setTimeout(150_000);
    expect(user.email).toBeTruthy();
    for (const path of ['/', '/calculators', '/business-processes', '/specifications', '/catalog', '/cost', '/companies', '/documents']) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectClean(page, path, SHELL);
    }
    await page.goto('/');
    await page.getByRole('button', { name: 'Настройки' }).click();
    await expect(page.locator('.layout-config')).toBeVisible();
    await expectClean(page, 'панель «Настройки»', SHELL);
    await page.keyboard.press('Escape');
    await expect(page.locator('.layout-config')).toHaveCount(0);

    // Every Tab stop from the top of the page shows where focus is and is on screen.
    const problems: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const r = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow !== 'none' && s.boxShadow !== '');
        const onScreen = box.right > 0 && box.bottom > 0 && box.left < innerWidth && box.top < innerHeight;
        return { what: `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}`, ring, onScreen };
      });
      if (r && (!r.ring || !r.onScreen)) problems.push(`${r.what}: ${r.ring ? '' : 'нет рамки фокуса '}${r.onScreen ? '' : 'за экраном'}`);
    }
    expect(problems).toEqual([]);
  });
});

test.describe('оболочка на телефоне', () => {
  test.use({ viewport: PHONE });

  test('выезжающее меню: клавиатура и доступность', async ({ page, user }) => {
    expect(user.email).toBeTruthy();
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Меню' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page).getByRole('link', { name: 'Калькуляторы' })).toBeHidden();
    await expectClean(page, 'телефон, меню закрыто', SHELL);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu(page).getByRole('link', { name: 'Калькуляторы' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('phone-menu-open.png') });
    await expectClean(page, 'телефон, меню открыто', SHELL);
    await page.keyboard.press('Escape');
    await expect(wrapper(page)).not.toHaveClass(/layout-mobile-active/);
  });
});

test.describe('доступность страниц для гостя', () => {
  test('главная, вход, лендинг, «Страница не найдена»', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of ['/', '/auth', '/landing', '/no/such/page']) {
      await page.goto(path);
      await expect(page.locator('main').first()).toBeVisible();
      await expectClean(page, path);
    }
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Настройки' }).click();
    await expect(page.locator('.layout-config')).toBeVisible();
    await expectClean(page, '/auth, панель «Настройки»');
  });
});
