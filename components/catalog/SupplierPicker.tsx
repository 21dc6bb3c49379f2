'use client';

import { AutoComplete } from 'primereact/autocomplete';
import { useState } from 'react';
import { suppliersApi } from './api';

export interface Supplier {
  id: string;
  name: string;
}

/** A supplier from «Компании», searched as you type (name or ИНН). */
export function SupplierPicker({ id, value, onChange, invalid }: { id: string; value: Supplier | null; onChange: (s: Supplier | null) => void; invalid?: boolean }) {
  const [text, setText] = useState<string | Supplier>(value ?? '');
  const [found, setFound] = useState<Supplier[]>([]);
  return (
    <AutoComplete
      inputId={id}
      value={text}
      suggestions={found}
      field="name"
      dropdown
      forceSelection
      invalid={invalid}
      placeholder="Название или ИНН"
      emptyMessage="Не найдено — добавьте компанию в «Компании»"
      completeMethod={(e) => {
        void suppliersApi.search(e.query.trim()).then(
          (r) => setFound(r.companies.map((c) => ({ id: c.id, name: c.shortName || c.fullName }))),
          () => setFound([]),
        );
      }}
      onChange={(e) => {
        setText(e.value as string | Supplier);
        if (!e.value || typeof e.value === 'string') onChange(null);
      }}
      onSelect={(e) => onChange(e.value as Supplier)}
    />
  );
}
