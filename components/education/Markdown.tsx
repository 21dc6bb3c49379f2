import Link from 'next/link';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import s from './education.module.css';

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
  // Wide tables scroll on their own on a phone; the page does not.
  table: ({ children }) => (
    <div className={s.tableScroll} tabIndex={0} role="region" aria-label="Таблица">
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
