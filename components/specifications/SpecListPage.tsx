'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { formatDateTimeShort } from '@/lib/domain/format/date';
import { userMessage } from '@/lib/client/messages';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { specsApi, type StoredSpec } from './api';
import s from './spec-editor.module.css';

/** `/specifications`: the user's specifications (file-manager objects of type `specifications`). */
export function SpecListPage() {
  const [list, setList] = useState<StoredSpec[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    specsApi.list().then(setList, (e) => setError(userMessage(e)));
  }, []);
  return (
    <div className={s.editor}>
      <PageBreadcrumb items={['Спецификации']} />
      <h1>Спецификации</h1>
      <div>
        <Link className="p-button" href="/specifications/create">
          <i className="pi pi-plus" aria-hidden="true" />
          &nbsp;Создать спецификацию
        </Link>
      </div>
      {error && <div role="alert" className="p-error">{error}</div>}
      {list && list.length === 0 && <p>Спецификаций пока нет.</p>}
      {list && list.length > 0 && (
        <table className={s.table} aria-label="Спецификации">
          <thead>
            <tr>
              <th>Название</th>
              <th>Изменена</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((x) => (
              <tr key={x.id}>
                <td>
                  <Link href={`/specifications/create/${x.id}`}>{x.name}</Link>
                </td>
                <td>{formatDateTimeShort(new Date(x.updatedAt))}</td>
                <td>
                  <Link href={`/cost?spec=${encodeURIComponent(x.id)}`}>Себестоимость</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
