import Link from 'next/link';
import { formatMoney } from '@/lib/domain/money';
import type { StoredProcess } from './api';
import s from './processes.module.css';

/** The user's business processes, the open one in bold, with «Новый набор». */
export function ProcessList({ sets, openId }: { sets: StoredProcess[]; openId?: string }) {
  return (
    <aside className={s.list}>
      <h2>Наборы процессов</h2>
      <Link href="/business-processes" className="p-button p-button-outlined p-button-sm">
        Новый набор
      </Link>
      <ul>
        {sets.map((x) => (
          <li key={x.id} className={x.id === openId ? s.active : undefined}>
            <Link href={`/business-processes/${x.id}`}>{x.name}</Link>
            <small>{formatMoney(x.totals.total)} за ед.</small>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** The address names a process that is not in the user's list (deleted, someone else's, mistyped). */
export function MissingProcess() {
  return (
    <section className={s.main} data-testid="process-set-missing">
      <h1>Набор не найден</h1>
      <p>Набора процессов по этой ссылке нет: его удалили, или ссылка неверна.</p>
      <p>
        <Link href="/business-processes" className="p-button p-button-sm">
          К наборам процессов
        </Link>
      </p>
    </section>
  );
}
