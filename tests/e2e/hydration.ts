import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits for the page's own code to have taken over what the test is about to use. Until it has, a click is the
 * browser's alone (a button does nothing, a link loads the whole document) and a key its page listens for goes
 * nowhere — however long the test waits after `load` on a busy machine.
 */

/**
 * Resolves once React has rendered `target` in the browser, so its handlers are attached. React keeps an element's
 * props, handlers included, on the element itself (a `__reactProps$…` key) from the moment it has rendered it; an
 * event on it from then on reaches them (React finishes hydrating that part of the page first if need be).
 */
export async function hydrated(target: Locator): Promise<void> {
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))), { message: `${target} rendered by React` })
    .toBe(true);
}

/**
 * A promise of the moment the shell's effects have run on the next page load: the bell asks for its list then, in
 * the same commit as the top bar's other effects (its Ctrl+K listener, for one). Take it before the navigation.
 */
export function shellEffectsRan(page: Page): Promise<unknown> {
  return page.waitForRequest((r) => r.url().includes('/noty/api/v1/list'));
}
