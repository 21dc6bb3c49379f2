import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Страница не найдена' };

/** Any unknown address (also through the catch-all route). */
export default function NotFound() {
  return (
    <main className="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Страница не найдена</h1>
      <p>Такой страницы нет или она переехала. Проверьте адрес или начните с главной.</p>
      <Link href="/" className="p-button p-component">
        <i className="pi pi-home p-button-icon p-button-icon-left" aria-hidden="true" />
        <span className="p-button-label">На главную</span>
      </Link>
    </main>
  );
}
