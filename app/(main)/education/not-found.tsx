import Link from 'next/link';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { NOT_FOUND_CRUMBS } from '@/lib/domain/layout/routes';

/** A course or lesson that does not exist: «Страница не найдена» inside the shell. */
export default function EducationNotFound() {
  return (
    <main className="not-found">
      <PageBreadcrumb items={NOT_FOUND_CRUMBS} />
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Страница не найдена</h1>
      <p>Такого курса или урока нет. Откройте список курсов.</p>
      <Link href="/education" className="p-button p-component">
        <i className="pi pi-book p-button-icon p-button-icon-left" aria-hidden="true" />
        <span className="p-button-label">Все курсы</span>
      </Link>
    </main>
  );
}
