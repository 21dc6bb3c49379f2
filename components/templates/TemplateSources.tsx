'use client';

import { Dropdown } from 'primereact/dropdown';
import type { Option, Sources, templatesApi } from './api';
import s from './templates.module.css';

export type SourceLists = Awaited<ReturnType<typeof templatesApi.sources>>;

/** «Откуда заполнить»: an own company, a counterparty, a saved cost scenario or a specification (one of the last two). */
export function TemplateSources({
  lists,
  sources,
  errors,
  onSource,
}: {
  lists: SourceLists | undefined;
  sources: Sources;
  errors: Record<string, string>;
  onSource: (key: keyof Sources, value: string | undefined) => void;
}) {
  const picker = (label: string, key: keyof Sources, options: Option[] | undefined, empty: string) => (
    <label className={s.field}>
      <span>{label}</span>
      <Dropdown
        value={sources[key] ?? null}
        options={options ?? []}
        onChange={(e) => onSource(key, e.value as string | undefined)}
        placeholder={options && options.length === 0 ? empty : 'Не выбрано'}
        showClear
        filter={(options?.length ?? 0) > 8}
        emptyMessage={empty}
        aria-label={label}
        invalid={!!errors[key]}
      />
      {errors[key] && <small className={s.error}>{errors[key]}</small>}
    </label>
  );
  return (
    <section className={s.card} aria-label="Откуда заполнить">
      <h2>Откуда заполнить</h2>
      <div className={s.grid}>
        {picker('Своя компания', 'companyId', lists?.own, 'Нет своих компаний — добавьте на странице «Компании»')}
        {picker('Контрагент', 'counterpartyId', lists?.counterparties, 'Нет контрагентов')}
        {picker('Сценарий калькуляции', 'scenarioId', lists?.scenarios, 'Нет сохранённых сценариев')}
        {picker('Спецификация', 'specId', lists?.specs, 'Нет спецификаций')}
      </div>
    </section>
  );
}
