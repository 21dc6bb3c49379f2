// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clickStartsProgress, leavesPage, type LinkClick } from '@/lib/domain/layout/progress';

const here = { origin: 'http://localhost', pathname: '/calculators/vat', search: '?amount=100' };
const click = (over: Partial<LinkClick> = {}): LinkClick => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  target: '',
  download: false,
  noProgress: false,
  href: 'http://localhost/cost',
  ...over,
});

describe('leavesPage', () => {
  it('is true for another path or another query on this site', () => {
    expect(leavesPage('/cost', here)).toBe(true);
    expect(leavesPage('/calculators/vat?amount=200', here)).toBe(true);
    expect(leavesPage('edit', here)).toBe(true);
  });
  it('is false for the same page, a hash on it, another site or a non-web link', () => {
    expect(leavesPage('/calculators/vat?amount=100', here)).toBe(false);
    expect(leavesPage('#steps', here)).toBe(false);
    expect(leavesPage('/calculators/vat?amount=100#steps', here)).toBe(false);
    expect(leavesPage('https://example.ru/cost', here)).toBe(false);
    expect(leavesPage('mailto:a@b.ru', here)).toBe(false);
    expect(leavesPage('http://[bad', here)).toBe(false);
  });
});

describe('clickStartsProgress', () => {
  it('starts on a plain left click on a link to another page (menu item, breadcrumb, Next Link)', () => {
    expect(clickStartsProgress(click(), here)).toBe(true);
    expect(clickStartsProgress(click({ target: '_self' }), here)).toBe(true);
  });
  it('does not start for clicks that open another tab or window, or save a file', () => {
    for (const k of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) expect(clickStartsProgress(click({ [k]: true }), here)).toBe(false);
    expect(clickStartsProgress(click({ button: 1 }), here)).toBe(false);
    expect(clickStartsProgress(click({ target: '_blank' }), here)).toBe(false);
    expect(clickStartsProgress(click({ download: true }), here)).toBe(false);
  });
  it('does not start for a link marked data-no-progress, the same page or a hash on it', () => {
    expect(clickStartsProgress(click({ noProgress: true }), here)).toBe(false);
    expect(clickStartsProgress(click({ href: 'http://localhost/calculators/vat?amount=100' }), here)).toBe(false);
    expect(clickStartsProgress(click({ href: 'http://localhost/calculators/vat?amount=100#x' }), here)).toBe(false);
  });
});
