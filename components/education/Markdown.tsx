import Link from 'next/link';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import s from './education.module.css';

type HastNode = { type: string; tagName?: string; value?: string; children?: HastNode[] };

const textOf = (n: HastNode): string => (n.type === 'text' ? (n.value ?? '') : (n.children ?? []).map(textOf).join(''));

/** The header cells of a table, «Материал, Расчёт, Сумма, ₽». */
function headerText(table: HastNode | undefined): string {
  const head = table?.children?.find((c) => c.tagName === 'thead');
  const row = head?.children?.find((c) => c.tagName === 'tr');
  const cells = (row?.children ?? []).filter((c) => c.tagName === 'th').map((c) => textOf(c).trim());
  return cells.filter(Boolean).join(', ') || 'без заголовка';
}

/** Links inside the product open in the same tab (client navigation); others in a new one. */
const components: Components = {
  a: ({ href, children }) =>
    href && href.startsWith('/') && !href.startsWith('//') ? (
      <Link href={href}>{children}</Link>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ),
  // Wide tables scroll on their own on a phone; the page does not. The region is named by the table's header.
  table: ({ children, node }) => (
    <div className={s.tableScroll} tabIndex={0} role="region" aria-label={`Таблица: ${headerText(node)}`}>
      <table>{children}</table>
    </div>
  ),
  // eslint-disable-next-line @next/next/no-img-element -- lesson images are small static SVGs from public/education
  img: ({ src, alt }) => <img src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} loading="lazy" />,
};

/**
 * Lesson Markdown rendered on the server (react-markdown + remark-gfm: tables, lists, strikethrough), raw HTML off —
 * an HTML tag in a lesson is not rendered. No JavaScript of the Markdown library reaches the browser.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className={s.markdown}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
