'use client';

import { useState } from 'react';
import type { SpecDocument } from '@/lib/domain/cost';
import { diffSpecs, type LinesDiff, type SpecDiff } from '@/lib/domain/cost/diff';
import { numberForInput as ru } from '@/lib/domain/cost/display';
import { formatDateTime } from '@/lib/domain/format/date';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { specsApi } from './api';
import s from './spec-editor.module.css';

const show = (v: string) => (v === '' ? '—' : v);

function LinesList({ title, d }: { title: string; d: LinesDiff }) {
  if (!d.added.length && !d.removed.length && !d.changed.length) return null;
  return (
    <>
      <h4>{title}</h4>
      <ul className={s.diff}>
        {d.added.map((l) => (
          <li key={`a${l.id}`} className={s.added}>
            добавлено: {l.name || 'без названия'}
          </li>
        ))}
        {d.removed.map((l) => (
          <li key={`r${l.id}`} className={s.removed}>
            удалено: {l.name || 'без названия'}
          </li>
        ))}
        {d.changed.map((l) => (
          <li key={`c${l.id}`}>
            изменено: {l.name || 'без названия'} —{' '}
            {l.changes.map((c) => `${c.label}: ${show(c.from)} → ${show(c.to)}`).join('; ')}
          </li>
        ))}
      </ul>
    </>
  );
}

function DiffView({ diff, from, to }: { diff: SpecDiff; from: number; to: number }) {
  return (
    <section aria-label={`Сравнение версий ${from} и ${to}`} className={s.panel}>
      <h3>
        Версия {from} → версия {to}
      </h3>
      {diff.same && <p>Версии не отличаются.</p>}
      {diff.header.length > 0 && (
        <>
          <h4>Заголовок</h4>
          <ul className={s.diff}>
            {diff.header.map((c) => (
              <li key={c.field}>
                {c.label}: {show(c.from)} → {show(c.to)}
              </li>
            ))}
          </ul>
        </>
      )}
      <LinesList title="Материалы" d={diff.materials} />
      <LinesList title="Операции" d={diff.operations} />
    </section>
  );
}

/** A read-only look at one version: header and lines. */
function VersionView({ version, doc }: { version: number; doc: SpecDocument }) {
  return (
    <section aria-label={`Версия ${version}`} className={s.panel}>
      <h3>
        Версия {version}: «{doc.name}», выпуск {ru(doc.outputQty ?? '1')} {doc.unit}
      </h3>
      <table className={s.plain}>
        <thead>
          <tr>
            <th>Материал</th>
            <th>Ед.</th>
            <th>Нетто</th>
            <th>Отходы, %</th>
            <th>Цена, ₽</th>
          </tr>
        </thead>
        <tbody>
          {doc.materials.map((m) => (
            <tr key={m.id}>
              <td>{m.name}</td>
              <td>{m.unit}</td>
              <td>{ru(m.qty)}</td>
              <td>{ru(m.wastePct) || '—'}</td>
              <td>{m.specId ? 'по спецификации' : ru(m.price) || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {doc.operations.length > 0 && (
        <p>
          Операции: {doc.operations.map((o) => `${o.name} (${ru(o.hours)} ч × ${ru(o.rate)} ₽)`).join('; ')}
        </p>
      )}
    </section>
  );
}

/**
 * The history of a stored specification: its saved versions with date and author, a read-only view of one,
 * «Восстановить» (the old document becomes the newest version) and the difference between two versions.
 * `stamp` changes after each save, so the list reloads.
 */
export function SpecHistoryPanel({
  specId,
  stamp,
  currentVersion,
  dirty,
  onRestored,
}: {
  specId: string;
  stamp: number | undefined;
  currentVersion: number | undefined;
  /** Unsaved changes in the editor: restoring asks first. */
  dirty: boolean;
  onRestored: () => void;
}) {
  const load = useLoad(() => specsApi.history(specId), [specId, stamp], { keep: true });
  const versions = load.data?.versions ?? null;
  const [actionError, setError] = useState<string | null>(null);
  const error = actionError ?? load.error;
  const [picked, setPicked] = useState<number[]>([]);
  const [view, setView] = useState<{ version: number; doc: SpecDocument } | null>(null);
  const [diff, setDiff] = useState<{ from: number; to: number; diff: SpecDiff } | null>(null);

  const toggle = (v: number) => setPicked((xs) => (xs.includes(v) ? xs.filter((x) => x !== v) : [...xs, v].slice(-2)));
  const open = async (v: number) => {
    try {
      const r = await specsApi.version(specId, v);
      setDiff(null);
      setView({ version: v, doc: r.doc });
    } catch (e) {
      setError(userMessage(e));
    }
  };
  const compare = async () => {
    const [from, to] = [...picked].sort((a, b) => a - b) as [number, number];
    try {
      const [a, b] = await Promise.all([specsApi.version(specId, from), specsApi.version(specId, to)]);
      setView(null);
      setDiff({ from, to, diff: diffSpecs(a.doc, b.doc) });
    } catch (e) {
      setError(userMessage(e));
    }
  };
  const restore = async (v: number) => {
    if (dirty && !window.confirm(`Несохранённые изменения пропадут. Восстановить версию ${v}?`)) return;
    try {
      await specsApi.restore(specId, v, currentVersion);
      setView(null);
      setDiff(null);
      onRestored();
    } catch (e) {
      setError(userMessage(e));
    }
  };

  return (
    <details className={s.panel}>
      <summary>История версий{versions ? ` (${versions.length})` : ''}</summary>
      {error && (
        <p role="alert" className="p-error">
          {error}
        </p>
      )}
      {versions && (
        <table className={s.plain} aria-label="История версий">
          <thead>
            <tr>
              <th>Сравнить</th>
              <th>Версия</th>
              <th>Сохранена</th>
              <th>Автор</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version}>
                <td>
                  <input type="checkbox" aria-label={`Сравнить версию ${v.version}`} checked={picked.includes(v.version)} onChange={() => toggle(v.version)} />
                </td>
                <td>
                  {v.version}
                  {v.current ? ' (текущая)' : ''}
                  {v.restoredFrom ? `, из версии ${v.restoredFrom}` : ''}
                </td>
                <td>{formatDateTime(new Date(v.savedAt))}</td>
                <td>{v.author?.name ?? '—'}</td>
                <td className={s.rowActions}>
                  <button type="button" className="p-button p-button-text p-button-sm" onClick={() => open(v.version)}>
                    Просмотр
                  </button>
                  {!v.current && (
                    <button type="button" className="p-button p-button-text p-button-sm" aria-label={`Восстановить версию ${v.version}`} onClick={() => restore(v.version)}>
                      Восстановить
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="p-button p-button-outlined p-button-sm" disabled={picked.length !== 2} onClick={compare}>
        Сравнить выбранные
      </button>
      {view && <VersionView version={view.version} doc={view.doc} />}
      {diff && <DiffView diff={diff.diff} from={diff.from} to={diff.to} />}
    </details>
  );
}
