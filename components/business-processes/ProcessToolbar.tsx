import { formatMoney, formatNumber } from '@/lib/domain/money';
import type { LiveTotals } from './steps';
import s from './processes.module.css';

interface Props {
  onAddStep: () => void;
  onSave: () => void;
  /** Absent for a new process (nothing to delete yet). */
  onDelete?: () => void;
}

/** «Добавить шаг», «Сохранить», «Удалить набор». */
export function ProcessToolbar({ onAddStep, onSave, onDelete }: Props) {
  return (
    <div className={s.actions}>
      <button type="button" className="p-button p-button-outlined p-button-sm" onClick={onAddStep}>
        Добавить шаг
      </button>
      <button type="button" className="p-button" onClick={onSave}>
        Сохранить
      </button>
      {onDelete && (
        <button type="button" className="p-button p-button-danger p-button-outlined" onClick={onDelete}>
          Удалить набор
        </button>
      )}
    </div>
  );
}

/** Totals per unit as you type, or a note while some number is not filled in. */
export function ProcessTotals({ totals }: { totals: LiveTotals }) {
  return (
    <div className={s.totals} aria-live="polite">
      {totals ? (
        <>
          <span>Трудоёмкость: {formatNumber(totals.hours)} ч</span>
          <span>Зарплата: {formatMoney(totals.wages)}</span>
          <span>Оборудование: {formatMoney(totals.machine)}</span>
          <span>Энергия: {formatMoney(totals.energy)}</span>
          <b>Итого на ед.: {formatMoney(totals.total)}</b>
        </>
      ) : (
        <span className={s.muted}>Итоги появятся, когда все числа заполнены.</span>
      )}
    </div>
  );
}
