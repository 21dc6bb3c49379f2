'use client';

import { Button } from 'primereact/button';
import { useState } from 'react';
import { FileManagerPage } from '@/components/files/FileManagerPage';
import { useToast } from '@/components/layout/ToastProvider';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { TEMPLATE_SAMPLE_IDS, TEMPLATE_SAMPLE_NAMES, type TemplateSampleId } from '@/lib/domain/docx/samples/names';
import type { FileObject } from '@/lib/schemas/files';
import { templatesApi } from './api';
import s from './templates.module.css';

/** A DOCX opens the «документ по шаблону» form; any other file the viewer. */
const templateHref = (o: FileObject) =>
  /\.docx$/i.test(o.name) ? `/file/from-template/${encodeURIComponent(o.id)}` : `/file/${encodeURIComponent(o.id)}`;

/**
 * «Шаблоны документов» (`/documents/templates`): the file manager on type `templates` — upload your own
 * DOCX with placeholders. The bundled ones (счёт, договор, КП, акт) are there from the first visit
 * (`templates/list` seeds them once); «Добавить образец» adds one again. A template opens its form.
 */
export function TemplatesPage({ folderId }: { folderId?: string }) {
  const toast = useToast();
  const [added, setGeneration] = useState(0);
  const [busy, setBusy] = useState<TemplateSampleId | null>(null);

  // The bundled samples are put in once per user on the first visit; the list reloads when they were.
  const seeded = useLoad((signal) => templatesApi.list(signal), []);
  const generation = added + ((seeded.data?.added.length ?? 0) > 0 ? 1 : 0);

  async function addSample(sample: TemplateSampleId) {
    setBusy(sample);
    try {
      const r = await templatesApi.addSample(sample, folderId ?? null);
      toast.show({ severity: 'success', summary: 'Образец добавлен', detail: r.msg });
      setGeneration((g) => g + 1);
    } catch (e) {
      toast.show({ severity: 'error', summary: 'Образец не добавлен', detail: userMessage(e) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <div className={s.toolbar}>
        <span>Добавить образец:</span>
        {TEMPLATE_SAMPLE_IDS.map((id) => {
          const title = TEMPLATE_SAMPLE_NAMES[id].replace(/\.docx$/, '');
          return (
            <Button
              key={id}
              type="button"
              icon="pi pi-plus"
              label={title}
              aria-label={`Добавить образец «${title}»`}
              outlined
              size="small"
              loading={busy === id}
              disabled={busy !== null}
              onClick={() => void addSample(id)}
            />
          );
        })}
      </div>
      <div className={s.toolbar}>
        <span className={s.muted}>
          Шаблон — документ Word (.docx) с полями вида {'{company.name}'}, {'{counterparty.inn}'}, {'{cost.priceWithVat}'}; строки таблицы
          повторяются между {'{#items}'} и {'{/items}'}.
        </span>
      </div>
      <FileManagerPage
        key={`${folderId ?? ''}:${generation}`}
        type="templates"
        title="Шаблоны документов"
        basePath="/documents/templates"
        folderId={folderId}
        fileHref={templateHref}
      />
    </>
  );
}
