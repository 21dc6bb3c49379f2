'use client';

import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { formatDecimalText, formatMoney } from '@/lib/domain/money';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { DialogFooter } from '@/components/layout/DialogFooter';
import { useToast } from '@/components/layout/ToastProvider';
import { workCentresApi, type WorkCentre } from './api';
import { DeleteButton, EmptyRow } from './TableParts';
import s from './catalog.module.css';

type Kind = WorkCentre['kind'];
const KIND_TITLES: Record<Kind, string> = { 'work-centre': 'Рабочий центр', operation: 'Вид операции' };
interface Form {
  name: string;
  kind: Kind;
  hourlyRate: string;
  machineHourRate: string;
  notes: string;
}

function WorkCentreDialog({ wc, onClose, onSaved }: { wc: WorkCentre | null; onClose: () => void; onSaved: () => void }) {
  const toast = useToast();
  const [form, setForm] = useState<Form>({
    name: wc?.name ?? '',
    kind: wc?.kind ?? 'work-centre',
    hourlyRate: wc ? formatDecimalText(wc.hourlyRate) : '',
    machineHourRate: wc && wc.machineHourRate !== '0' ? formatDecimalText(wc.machineHourRate) : '',
    notes: wc?.notes ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const save = async () => {
    setBusy(true);
    setErrors({});
    setMessage(null);
    const body = { ...form, machineHourRate: form.machineHourRate.trim() || '0', archived: wc?.archived ?? false };
    try {
      if (wc) {
        const r = await workCentresApi.update({ ...body, id: wc.id, version: wc.version });
        const sets = r.processSets.map((p) => `«${p.name}»`).join(', ');
        const specs = r.specs.map((p) => `«${p.name}»`).join(', ');
        const detail = [sets ? `Новые ставки переданы в бизнес-процессы: ${sets}.` : '', specs ? `Спецификации считаются по новым ставкам и ждут пересчёта: ${specs}.` : ''].filter(Boolean).join(' ');
        toast.show({ severity: 'success', summary: 'Сохранено', detail: detail || undefined });
      } else {
        await workCentresApi.create(body);
        toast.show({ severity: 'success', summary: 'Добавлено' });
      }
      onSaved();
    } catch (e) {
      if (isApiError(e) && e.fields) setErrors(e.fields);
      else setMessage(userMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const text = (key: 'name' | 'hourlyRate' | 'machineHourRate', label: string, decimal?: boolean) => (
    <div className={s.field}>
      <label htmlFor={`wc-${key}`}>{label}</label>
      <input id={`wc-${key}`} className={`p-inputtext p-component ${errors[key] ? 'p-invalid' : ''}`} inputMode={decimal ? 'decimal' : undefined} value={form[key]} onChange={(e) => set({ [key]: e.target.value })} />
      {errors[key] && <small className={s.error}>{errors[key]}</small>}
    </div>
  );
  return (
    <Dialog
      header={wc ? `Рабочий центр: ${wc.name}` : 'Новый рабочий центр'}
      visible
      onHide={onClose}
      style={{ width: 'min(40rem, 96vw)' }}
      footer={<DialogFooter label="Сохранить" onCancel={onClose} form="wc-form" loading={busy} />}
    >
      <form
        id="wc-form"
        className={s.grid}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {text('name', 'Название')}
        <div className={s.field}>
          <label htmlFor="wc-kind">Вид</label>
          <select id="wc-kind" className={s.select} value={form.kind} onChange={(e) => set({ kind: e.target.value as Kind })}>
            <option value="work-centre">Рабочий центр</option>
            <option value="operation">Вид операции</option>
          </select>
        </div>
        {text('hourlyRate', 'Часовая ставка, ₽/ч', true)}
        {text('machineHourRate', 'Машино-час, ₽', true)}
        <div className={`${s.field} ${s.wide}`}>
          <label htmlFor="wc-notes">Примечание</label>
          <textarea id="wc-notes" className="p-inputtextarea p-inputtext p-component" rows={2} value={form.notes} onChange={(e) => set({ notes: e.target.value })} />
        </div>
        {message && (
          <p role="alert" className={`${s.error} ${s.wide}`}>
            {message}
          </p>
        )}
      </form>
    </Dialog>
  );
}

/**
 * Work centres and operation types: the hourly and machine-hour rates business-process steps and operations of
 * specifications point at. A new rate is copied into every step that uses the centre, and calculations of the
 * specifications with an operation on it take it (those specifications and the processes' need recalculation).
 */
export function WorkCentres() {
  const load = useLoad((signal) => workCentresApi.list('all', signal), []);
  const [editing, setEditing] = useState<{ wc: WorkCentre | null; key: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = load.data?.workCentres ?? [];
  const remove = async (wc: WorkCentre) => {
    setError(null);
    try {
      await workCentresApi.remove(wc.id, wc.version);
      load.reload();
    } catch (e) {
      // The server's message names where the centre is used (business processes, operations of specifications).
      setError(userMessage(e));
    }
  };
  return (
    <div className={s.page}>
      <div className={s.toolbar}>
        <button type="button" className="p-button" onClick={() => setEditing({ wc: null, key: Date.now() })}>
          <i className="pi pi-plus" aria-hidden="true" />
          &nbsp;Добавить рабочий центр
        </button>
        <span className={s.muted}>Рабочий центр выбирают шаги бизнес-процессов и операции спецификаций; новая ставка доходит до всех, кто его выбрал.</span>
      </div>
      {(error || load.error) && (
        <p role="alert" className={s.error}>
          {error ?? load.error}
        </p>
      )}
      <div className={s.scroll}>
        <table className={s.table} aria-label="Рабочие центры" aria-busy={load.loading}>
          <thead>
            <tr>
              <th>Название</th>
              <th>Вид</th>
              <th className={s.right}>Ставка, ₽/ч</th>
              <th className={s.right}>Машино-час, ₽</th>
              <th>Примечание</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((wc) => (
              <tr key={wc.id}>
                <td>
                  <button type="button" className={s.linkBtn} onClick={() => setEditing({ wc, key: Date.now() })}>
                    {wc.name}
                  </button>
                  {wc.archived && <span className={s.muted}> · в архиве</span>}
                </td>
                <td>{KIND_TITLES[wc.kind]}</td>
                <td className={s.right}>{formatMoney(wc.hourlyRate)}</td>
                <td className={s.right}>{wc.machineHourRate === '0' ? '—' : formatMoney(wc.machineHourRate)}</td>
                <td>{wc.notes}</td>
                <td>
                  <DeleteButton label={`Удалить «${wc.name}»`} onClick={() => void remove(wc)} />
                </td>
              </tr>
            ))}
            {list.length === 0 && (
              <EmptyRow colSpan={6}>{load.loading ? 'Загрузка…' : 'Рабочих центров пока нет.'}</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
      {editing && (
        <WorkCentreDialog
          key={editing.key}
          wc={editing.wc}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load.reload();
          }}
        />
      )}
    </div>
  );
}
