/**
 * The e2e accessibility audit: axe-core (through @axe-core/playwright) with the WCAG 2.x A/AA rules and
 * axe's best practices. A page fails on serious and critical findings; with `landmarks` also on the
 * moderate landmark rules and on a missing navigation or banner landmark.
 *
 * One exception, applied to the findings and not by switching a rule off: text drawn in or on the primary
 * colour is not judged for contrast (unless `judgePrimary`). The primary is the user's pick from 17
 * palettes and pinned to the design's values (emerald buttons are #10b981 with white text, 2.5:1); no
 * choice of ours can make every palette pass, so the contrast rule covers everything else: body and muted
 * text, surfaces, menus, status colours.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ImpactValue, NodeResult, Result, RunOptions } from 'axe-core';

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
  /** Judge text drawn in or on the primary colour too (off by default, see above). */
  judgePrimary?: boolean;
}

/** The rule sets run on every page (also used by the unit test that proves the set catches real faults). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Moderate rules that count when the caller asks for landmarks. */
const LANDMARK_RULES = new Set([
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-banner',
  'landmark-main-is-top-level',
  'landmark-banner-is-top-level',
  'landmark-unique',
]);

const FAILING: ImpactValue[] = ['serious', 'critical'];

/** Which findings fail a page (pure: the unit test runs axe in jsdom and filters with this). */
export function failing(results: Result[], options: A11yOptions = {}, isPrimary: (n: NodeResult) => boolean = () => false): A11yViolation[] {
  const out: A11yViolation[] = [];
  for (const r of results) {
    const counts = FAILING.includes(r.impact ?? 'minor') || (options.landmarks !== undefined && LANDMARK_RULES.has(r.id));
    if (!counts) continue;
    for (const n of r.nodes) {
      if (r.id === 'color-contrast' && !options.judgePrimary && isPrimary(n)) continue;
      out.push({
        rule: r.id,
        impact: (n.impact ?? r.impact) === 'critical' ? 'critical' : (n.impact ?? r.impact) === 'serious' ? 'serious' : 'moderate',
        target: n.target.join(' '),
        message: (n.failureSummary ?? r.help).replace(/\s+/g, ' ').trim(),
      });
    }
  }
  return out;
}

const hex = (rgb: string): string | null => {
  const m = rgb.match(/\d+(\.\d+)?/g);
  if (!m || m.length < 3) return null;
  return `#${m
    .slice(0, 3)
    .map((v) => Math.round(Number(v)).toString(16).padStart(2, '0'))
    .join('')}`;
};

/** Runs axe in the page; returns the failing findings. */
export async function auditPage(page: Page, options: A11yOptions = {}): Promise<A11yViolation[]> {
  // Colours are judged once CSS transitions have settled (PrimeReact animates them for 0.2 s), however long the page
  // takes to get there on a busy machine (the test's own timeout is the guard).
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).options({ resultTypes: ['violations'] } satisfies RunOptions);
  if (options.skipContrast) builder = builder.disableRules(['color-contrast']);
  const [results, primaryRgb] = await Promise.all([
    builder.analyze(),
    page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--p-primary-color)';
      document.body.append(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    }),
  ]);
  const primary = hex(primaryRgb);
  const isPrimary = (n: NodeResult) => {
    const data = n.any.find((c) => c.id === 'color-contrast')?.data as { fgColor?: string; bgColor?: string } | undefined;
    return primary !== null && (data?.fgColor === primary || data?.bgColor === primary);
  };
  const found = failing(results.violations, options, isPrimary);
  for (const want of options.landmarks ?? []) {
    if (want === 'main') continue; // landmark-one-main
    const role = want === 'nav' ? 'navigation' : 'banner';
    if ((await page.getByRole(role).count()) === 0) {
      found.push({ rule: `landmark-${role}`, impact: 'moderate', target: 'document', message: `нет ориентира ${want}` });
    }
  }
  return found;
}

/** A readable list for a failed expectation. */
export function formatViolations(list: A11yViolation[]): string {
  return list.map((v) => `[${v.impact}] ${v.rule}: ${v.target} — ${v.message}`).join('\n');
}
