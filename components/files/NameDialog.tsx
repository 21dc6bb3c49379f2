'use client';

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { nameProblem } from '@/lib/domain/files/names';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';

/** A one-field dialog for a name (new folder, rename, copy). */
export function NameDialog({
  title,
  label,
  initial,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const trimmed = name.trim();
    const problem = nameProblem(trimmed);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(trimmed);
      onClose();
    } catch (e) {
      setError(isApiError(e) ? (e.fields?.name ?? userMessage(e)) : userMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={title} visible onHide={onClose} style={{ width: '28rem', maxWidth: '95vw' }} modal>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="file-name-input" style={{ display: 'block', marginBottom: '0.35rem' }}>
          {label}
        </label>
        <InputText
          id="file-name-input"
          value={name}
          autoFocus
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          invalid={error !== null}
          aria-describedby="file-name-error"
          style={{ width: '100%' }}
        />
        <div id="file-name-error" role={error ? 'alert' : undefined} className="p-error" style={{ minHeight: '1.25rem' }}>
          {error}
        </div>
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: '0.5rem', marginTop: '0.75rem' }}>
          <Button type="button" label="Отмена" text onClick={onClose} />
          <Button type="submit" label={submitLabel} loading={busy} />
        </div>
      </form>
    </Dialog>
  );
}
