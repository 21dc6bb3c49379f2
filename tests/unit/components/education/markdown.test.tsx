// @vitest-environment node
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '@/components/education/Markdown';

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe('lesson Markdown', () => {
  it('raw HTML is not rendered', () => {
    const out = html('Текст <script>alert(1)</script> и <b onclick="x()">жирный</b>.\n\n<iframe src="https://x"></iframe>');
    expect(out).not.toMatch(/<script|<iframe|<b |onclick/);
    expect(out).toContain('Текст');
  });

  it('GFM tables scroll in their own region; images fit; links inside the product stay in the tab', () => {
    const out = html('| А | Б |\n|---|---|\n| 1 | 2 |\n\n![Схема](/education/x/a.svg)\n\n[Себестоимость](/cost) и [закон](https://example.ru)');
    expect(out).toMatch(/<div class="[^"]*tableScroll[^"]*" tabindex="0" role="region" aria-label="Таблица: А, Б"><table>/);
    expect(out).toContain('<img src="/education/x/a.svg" alt="Схема" loading="lazy"/>');
    expect(out).toContain('<a href="/cost">Себестоимость</a>');
    expect(out).toContain('<a href="https://example.ru" target="_blank" rel="noopener noreferrer">закон</a>');
  });

  it('a javascript: link is dropped', () => {
    expect(html('[x](javascript:alert(1))')).not.toContain('javascript:');
  });
});
