'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { useLoad } from '@/lib/client/use-load';
import { formatDate } from '@/lib/domain/format/date';
import { countOf, LESSONS } from '@/lib/domain/format/plural';
import { educationApi } from './api';
import s from './certificate.module.css';

/** The printable «Курс пройден»: the user's name, the course, the date; «Печать» prints the page alone. */
export function Certificate({ courseId, productName }: { courseId: string; productName: string }) {
  const { data, error } = useLoad((signal) => educationApi.certificate(courseId, signal), [courseId]);
  return (
    <div className={s.wrap}>
      <div className={s.tools}>
        <Link href={`/education/${courseId}`} className="p-button p-component p-button-text p-button-sm">
          <i className="pi pi-arrow-left p-button-icon p-button-icon-left" aria-hidden="true" />
          <span className="p-button-label">К курсу</span>
        </Link>
        {data && <Button type="button" label="Печать" icon="pi pi-print" size="small" onClick={() => window.print()} />}
      </div>
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      {!data && !error && <p role="status">Загрузка…</p>}
      {data && (
        <section className={s.sheet} aria-label="Сертификат">
          <p className={s.product}>{productName}</p>
          <h1 className={s.title}>Курс пройден</h1>
          <p className={s.line}>Настоящим подтверждается, что</p>
          <p className={s.name}>{data.name}</p>
          <p className={s.line}>прошёл(а) курс</p>
          <p className={s.course}>«{data.courseTitle}»</p>
          <p className={s.line}>{countOf(data.lessons, LESSONS)} с упражнениями</p>
          <p className={s.date}>{formatDate(new Date(data.completedAt))}</p>
        </section>
      )}
    </div>
  );
}
