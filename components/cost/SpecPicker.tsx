'use client';

import { AutoComplete, type AutoCompleteCompleteEvent } from 'primereact/autocomplete';
import { useRef, useState } from 'react';
import { userMessage } from '@/lib/client/messages';
import { specsApi, type SpecChoice } from '@/components/specifications/api';
import { plural } from '@/lib/domain/format/plural';
import s from './cost.module.css';

/** Suggestions a picker asks the server for at a time. */
const PAGE = 20;
const COUNT = new Intl.NumberFormat('ru-RU');
/** «из 1 спецификации», «из 21 спецификации», «из 100 спецификаций». */
const OF_SPECS = ['спецификации', 'спецификаций', 'спецификаций'] as const;

/**
 * The suggestions of a specification picker: the server searches the user's specifications by the typed text
 * (`specs/pick`) and answers one page; nothing is loaded until the picker is opened or typed into.
 */
function useSpecSearch() {
  const [found, setFound] = useState<{ items: SpecChoice[]; total: number }>({ items: [], total: 0 });
  const [error, setError] = useState<string | null>(null);
  const ticket = useRef(0);
  const complete = (e: AutoCompleteCompleteEvent) => {
    const t = ++ticket.current;
    specsApi.pick({ search: e.query.trim() || undefined, limit: PAGE }).then(
      (r) => {
        if (t !== ticket.current) return;
        setFound({ items: r.items, total: r.total });
        setError(null);
      },
      (err: unknown) => {
        if (t !== ticket.current) return;
        setFound({ items: [], total: 0 });
        setError(userMessage(err));
      },
    );
  };
  const footer = () =>
    error ? (
      <div className={s.pickNote} role="alert">
        {error}
      </div>
    ) : found.total > found.items.length ? (
      <div className={s.pickNote}>
        Показаны {found.items.length} из {COUNT.format(found.total)} {plural(found.total, OF_SPECS)} — уточните поиск
      </div>
    ) : null;
  return { suggestions: found.items, complete, footer };
}

/** One specification, searched on the server; an emptied field chooses nothing (`null`). */
export function SpecPicker({
  inputId,
  value,
  onChange,
  placeholder,
}: {
  inputId: string;
  value: SpecChoice | null;
  onChange: (v: SpecChoice | null) => void;
  placeholder: string;
}) {
  const search = useSpecSearch();
  /** What is being typed (null: the field shows the chosen specification). */
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <AutoComplete
      inputId={inputId}
      value={typed ?? value}
      field="name"
      suggestions={search.suggestions}
      completeMethod={search.complete}
      panelFooterTemplate={search.footer}
      onChange={(e) => {
        const v = e.value as SpecChoice | string | null;
        if (v && typeof v === 'object') {
          setTyped(null);
          onChange(v);
        } else if (!v) {
          setTyped(null);
          onChange(null);
        } else setTyped(v);
      }}
      onBlur={() => setTyped(null)}
      placeholder={placeholder}
      dropdown
      dropdownAriaLabel="Все спецификации"
      delay={250}
      showEmptyMessage
      emptyMessage="Ничего не найдено"
      className={s.picker}
      inputClassName={s.pickerInput}
    />
  );
}

/** Several specifications, searched on the server. */
export function SpecsPicker({ inputId, value, onChange, exclude }: { inputId: string; value: SpecChoice[]; onChange: (v: SpecChoice[]) => void; exclude?: string }) {
  const search = useSpecSearch();
  return (
    <AutoComplete
      inputId={inputId}
      multiple
      value={value}
      field="name"
      suggestions={search.suggestions.filter((x) => x.id !== exclude && !value.some((v) => v.id === x.id))}
      completeMethod={search.complete}
      panelFooterTemplate={search.footer}
      onChange={(e) => onChange(((e.value as SpecChoice[] | null) ?? []).filter((x) => x && typeof x === 'object'))}
      placeholder={value.length ? '' : 'Начните вводить название'}
      dropdown
      dropdownAriaLabel="Все спецификации"
      delay={250}
      showEmptyMessage
      emptyMessage="Ничего не найдено"
      className={s.picker}
    />
  );
}
