// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { buildTheme } from '@/scripts/build-theme.mjs';

const { css, stats } = buildTheme();
const sheet = postcss.parse(css);

function decls(selector: string): Record<string, string> {
  const out: Record<string, string> = {};
  sheet.walkRules((r) => {
    if (r.selector === selector) r.walkDecls((d) => void (out[d.prop] = d.value));
  });
  return out;
}

describe('theme build (Lara light + dark → one variable-driven sheet)', () => {
  it('the committed public/themes/kalkulus/theme.css is the current output', () => {
    const committed = fs.readFileSync(path.join(process.cwd(), 'public/themes/kalkulus/theme.css'), 'utf8');
    expect(committed === css).toBe(true);
  });

  it('pairs nearly every rule and leaves no declaration unpaired', () => {
    expect(stats.rules).toBeGreaterThan(1500);
    expect(stats.lightOnly + stats.darkOnly).toBeLessThan(10);
    expect(stats.unpairedDecls).toBe(0);
  });

  it('primary roles: light shade 500, dark shade 400, buttons read them', () => {
    expect(decls(':root')['--p-primary-color']).toBe('var(--p-primary-500)');
    expect(decls('.app-dark')['--p-primary-color']).toBe('var(--p-primary-400)');
    expect(decls('.app-dark')['--p-highlight-background']).toBe('color-mix(in srgb, var(--p-primary-400) 16%, transparent)');
    const button = decls('.p-button');
    expect(button.background).toBe('var(--p-primary-color)');
    expect(button.color).toBe('var(--p-primary-contrast-color)');
  });

  it('surfaces follow the surface ramp; derived dark greys are mixes', () => {
    expect(decls(':root')['--p-text-color']).toBe('var(--p-surface-600)');
    expect(decls('.app-dark')['--p-content-border-color']).toBe('color-mix(in srgb, var(--p-surface-600) 88%, #000)');
    expect(decls('.app-dark')['--p-surface-800']).toBe('#27272a');
  });

  it('severity colours stay literal (a mode token holds the literal of each mode)', () => {
    const success = decls('.p-button.p-button-success, .p-button-group.p-button-success > .p-button, .p-splitbutton.p-button-success > .p-button, .p-fileupload-choose.p-button-success');
    const token = /^var\((--p-lx-\d+)\)$/.exec(success.background ?? '')?.[1];
    expect(token).toBeDefined();
    expect(decls(':root')[token!]).toBe('#22c55e');
    expect(decls('.app-dark')[token!]).toBe('#4ade80');
    expect(decls('.p-message.p-message-info').border).toBe('solid #3b82f6');
  });

  it('no palette literal of blue 500 is left outside fixed rules and palette variables', () => {
    const left: string[] = [];
    sheet.walkDecls((d) => {
      if (!/#3b82f6/i.test(d.value) || d.prop.startsWith('--')) return;
      const sel = (d.parent as postcss.Rule).selector ?? '';
      if (!/-info\b/.test(sel)) left.push(`${sel} { ${d.prop} }`);
    });
    expect(left).toEqual([]);
  });

  it('noir and Aura rules are appended', () => {
    expect(decls('.primary-noir')['--p-primary-color']).toBe('var(--p-surface-950)');
    expect(decls('.app-dark.primary-noir')['--p-primary-color']).toBe('var(--p-surface-50)');
    expect(css).toContain('.preset-aura .p-button .p-button-label');
  });
});
