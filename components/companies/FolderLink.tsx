'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { userMessage } from '@/lib/client/messages';
import type { Company } from '@/lib/schemas/companies';
import { companiesApi } from './api';
import s from './companies.module.css';

/** The company's folder in «Мои документы»: a link to it, or a button that creates and links one. */
export function FolderLink({ company }: { company: Company }) {
  const [folderId, setFolderId] = useState(company.folderId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <h3 className={s.section}>Документы</h3>
      {folderId ? (
        <Link href={`/documents/folder/${encodeURIComponent(folderId)}`} className="p-button p-button-outlined">
          <i className="pi pi-folder-open" aria-hidden="true" style={{ marginRight: '0.5rem' }} />
          Открыть папку документов
        </Link>
      ) : (
        <Button
          type="button"
          icon="pi pi-folder"
          label="Создать папку в «Мои документы»"
          outlined
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              setFolderId(await companiesApi.createFolder(company));
            } catch (e) {
              setError(userMessage(e));
            } finally {
              setBusy(false);
            }
          }}
        />
      )}
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
    </>
  );
}
