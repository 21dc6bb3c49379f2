'use client';

import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useRef, useState } from 'react';
import { formatSize } from '@/lib/domain/files/format-size';
import { formatIsoDate, moscowToday } from '@/lib/domain/format/date';
import { plural } from '@/lib/domain/format/plural';
import { useToast } from '@/components/layout/ToastProvider';
import { DemoPageHeader } from '../DemoPageHeader';
import { readDataUrl } from '../data-url';
import { newDemoId, useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import { FILES_SAMPLE, kindInfo, kindOf, UPLOAD_MAX_BYTES, usageByKind, type DemoFile } from './files';
import { UsageChart } from './UsageChart';

const FILE_FORMS = ['файл', 'файла', 'файлов'] as const;

/** `/apps/files`: folders, space by kind of file, upload a file into a folder (kept in this browser), delete. */
export function FilesApp() {
  const { state, set, reset, error } = useDemoStore('files', FILES_SAMPLE);
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState('');

  const folder = state.folders.find((f) => f.id === (folderId ?? state.folders[0]?.id)) ?? null;
  const inFolder = folder ? state.files.filter((f) => f.folderId === folder.id).sort((a, b) => b.date.localeCompare(a.date)) : [];
  const total = state.files.reduce((n, f) => n + f.size, 0);

  const upload = async (file: File | undefined) => {
    if (!file || !folder) return;
    const r = await readDataUrl(file, UPLOAD_MAX_BYTES);
    if (!r.ok) return setUploadError(r.message);
    setUploadError('');
    const f: DemoFile = { id: newDemoId('x'), folderId: folder.id, name: r.name, size: r.size, kind: kindOf(r.type, r.name), date: moscowToday(), url: r.url };
    set((st) => ({ ...st, files: [f, ...st.files] }));
    toast.show({ severity: 'success', summary: 'Файл загружен', detail: `«${f.name}» — в папке «${folder.name}»` });
  };

  return (
    <>
      <DemoPageHeader description={`${state.files.length} ${plural(state.files.length, FILE_FORMS)}, занято ${formatSize(total)}. Загруженные файлы хранятся в этом браузере.`} onReset={reset}>
        <input
          ref={input}
          type="file"
          hidden
          aria-label="Файл для загрузки"
          data-testid="file-input"
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button label="Загрузить файл" icon="pi pi-upload" onClick={() => input.current?.click()} disabled={!folder} />
      </DemoPageHeader>
      {error && <p role="alert" className={s.error}>{error}</p>}
      {uploadError && (
        <p role="alert" className={s.error}>
          {uploadError}
        </p>
      )}
      <div className={s.tiles} role="list" aria-label="Папки">
        {state.folders.map((f) => {
          const files = state.files.filter((x) => x.folderId === f.id);
          const size = files.reduce((n, x) => n + x.size, 0);
          const active = f.id === folder?.id;
          return (
            <div role="listitem" key={f.id}>
              <button type="button" className={`${s.tile} ${active ? s.tileActive : ''}`} style={{ width: '100%' }} aria-pressed={active} onClick={() => setFolderId(f.id)}>
                <i className="pi pi-folder" style={{ color: f.color, fontSize: '1.5rem' }} aria-hidden />
                <div className={s.itemTitle} style={{ marginTop: '0.5rem' }}>
                  {f.name}
                </div>
                <div className={`${s.muted} ${s.small}`}>
                  {files.length} {plural(files.length, FILE_FORMS)} · {formatSize(size)}
                </div>
              </button>
            </div>
          );
        })}
      </div>
      <div className={ui.grid}>
        <section className={ui.card} aria-labelledby="files-usage">
          <h2 id="files-usage">Место по типам файлов</h2>
          <UsageChart usage={usageByKind(state.files)} total={total} quota={state.quotaBytes} />
        </section>
        <section className={ui.card} aria-labelledby="files-folder">
          <h2 id="files-folder">{folder ? `Папка «${folder.name}»` : 'Папка'}</h2>
          <DataTable value={inFolder} dataKey="id" emptyMessage="В папке нет файлов." tableStyle={{ minWidth: '30rem' }}>
            <Column
              header="Имя"
              body={(f: DemoFile) => (
                <span style={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center', overflowWrap: 'anywhere' }}>
                  <i className={kindInfo(f.kind).icon} style={{ color: kindInfo(f.kind).color }} aria-hidden />
                  {f.url ? (
                    <a href={f.url} download={f.name} className={s.link}>
                      {f.name}
                    </a>
                  ) : (
                    f.name
                  )}
                </span>
              )}
            />
            <Column header="Размер" body={(f: DemoFile) => <span className={s.money}>{formatSize(f.size)}</span>} align="right" />
            <Column header="Дата" body={(f: DemoFile) => formatIsoDate(f.date)} />
            <Column
              header="Действия"
              body={(f: DemoFile) => (
                <Button
                  icon="pi pi-trash"
                  rounded
                  text
                  severity="danger"
                  aria-label={`Удалить «${f.name}»`}
                  onClick={() => set((st) => ({ ...st, files: st.files.filter((x) => x.id !== f.id) }))}
                />
              )}
            />
          </DataTable>
        </section>
      </div>
    </>
  );
}
