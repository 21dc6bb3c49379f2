'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { fileUrl } from '@/components/files/api';
import { fieldLabel, loopLabel } from '@/lib/domain/docx/labels';
import type { FileObject } from '@/lib/schemas/files';
import type { TemplateFieldsAnswer, TemplateFieldView } from '@/lib/schemas/templates';
import s from './templates.module.css';

/**
 * What the document lacks before it is made: `gaps` — fields that will stay blank, `dropped` — fields whose
 * phrases the template leaves out when empty (`{?x}…{/x}`), `emptyLoops` — tables with no rows.
 */
export type Lacking = { gaps: TemplateFieldView[]; dropped: TemplateFieldView[]; emptyLoops: TemplateFieldsAnswer['loops'] };

/**
 * Field names as buttons that move the focus to their inputs, joined by commas; `end` follows the last
 * one. A comma never starts a line: it is kept with its name.
 */
const fieldLinks = (fields: readonly TemplateFieldView[], focus: (name: string) => void, end: string) =>
  fields.map((f, i) => (
    <span key={f.name}>
      <span className={s.nowrap}>
        <button type="button" className={s.linkButton} onClick={() => focus(f.name)}>
          {fieldLabel(f.name)}
        </button>
        {i < fields.length - 1 ? ',' : end}
      </span>
      {i < fields.length - 1 ? ' ' : ''}
    </span>
  ));

/** «Название документа», what is not filled (with links to the fields), «Сформировать документ» and the result. */
export function TemplateSave({
  name,
  onName,
  nameError,
  lacking,
  focusField,
  busy,
  onGenerate,
  result,
}: {
  name: string;
  onName: (name: string) => void;
  nameError: string | undefined;
  lacking: Lacking;
  focusField: (name: string) => void;
  busy: boolean;
  onGenerate: () => void;
  result: { object: FileObject; missing: string[] } | null;
}) {
  return (
    <section className={s.card} aria-label="Сохранение">
      <label className={s.field}>
        <span>Название документа</span>
        <InputText value={name} onChange={(e) => onName(e.target.value)} placeholder="По шаблону, контрагенту и дате" aria-label="Название документа" invalid={!!nameError} />
        {nameError && <small className={s.error}>{nameError}</small>}
      </label>
      {(lacking.gaps.length > 0 || lacking.dropped.length > 0 || lacking.emptyLoops.length > 0) && (
        <div className={s.lacking} role="note" aria-label="Не заполнено" data-testid="template-lacking">
          {(lacking.gaps.length > 0 || lacking.emptyLoops.length > 0) && (
            <p>
              <strong>Не заполнено:</strong> {fieldLinks(lacking.gaps, focusField, lacking.emptyLoops.length > 0 ? ',' : '.')}
              {lacking.gaps.length > 0 && lacking.emptyLoops.length > 0 ? ' ' : ''}
              {lacking.emptyLoops.map((l, i) => `«${loopLabel(l.name)}» — нет строк${i < lacking.emptyLoops.length - 1 ? ', ' : '.'}`).join('')} В
              документе останутся пропуски.
            </p>
          )}
          {lacking.dropped.length > 0 && (
            <p>
              <strong>Нет данных:</strong> {fieldLinks(lacking.dropped, focusField, '.')} Фразы с ними в документ не попадут.
            </p>
          )}
          <p className={s.muted}>Заполните поля выше или сформируйте документ как есть.</p>
        </div>
      )}
      <div className={s.actions}>
        <Button type="button" icon="pi pi-file-word" label="Сформировать документ" loading={busy} onClick={onGenerate} />
      </div>
      {result && (
        <div className={s.result} role="status">
          <p>
            Документ «{result.object.name}» сохранён в <Link href="/documents">«Мои документы»</Link>.
          </p>
          {result.missing.length > 0 && <p className={s.warn}>Остались пустыми: {result.missing.map(fieldLabel).join(', ')}.</p>}
          <div className={s.actions}>
            <a className="p-button" href={fileUrl(result.object.id, { download: true })} download={result.object.name}>
              <i className="pi pi-download" aria-hidden="true" />
              &nbsp;Скачать DOCX
            </a>
            <Link className="p-button p-button-outlined" href={`/file/${encodeURIComponent(result.object.id)}`}>
              Открыть
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
