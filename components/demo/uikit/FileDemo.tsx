'use client';

import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { useState } from 'react';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';

interface Received {
  name: string;
  size: number;
}

const MAX_BYTES = 1_000_000;
const kb = (n: number) => `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }).format(n / 1024)} КБ`;

/**
 * UI kit: file choosers. Nothing leaves the browser: «Загрузить» only reads the chosen files here and lists
 * them (the real uploads of the app are in «Мои документы»).
 */
export function FileDemo() {
  const [received, setReceived] = useState<Received[]>([]);
  const take = (e: FileUploadHandlerEvent) => {
    setReceived((r) => [...r, ...e.files.map((f) => ({ name: f.name, size: f.size }))]);
    e.options.clear();
  };
  return (
    <>
      <DemoPageHeader description="Выбор файлов: простой и расширенный (перетаскивание, список, ограничение размера). Файлы не покидают браузер." />
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Расширенный выбор</h2>
          <FileUpload
            name="demo"
            multiple
            customUpload
            uploadHandler={take}
            maxFileSize={MAX_BYTES}
            chooseLabel="Выбрать"
            uploadLabel="Загрузить"
            cancelLabel="Очистить"
            invalidFileSizeMessageSummary="{0}: слишком большой файл."
            invalidFileSizeMessageDetail="Не больше {0}."
            emptyTemplate={<p className={styles.muted}>Перетащите файлы сюда.</p>}
          />
        </section>
        <section className={styles.card}>
          <h2>Простой выбор</h2>
          <FileUpload mode="basic" name="demo-basic" customUpload auto uploadHandler={take} maxFileSize={MAX_BYTES} chooseLabel="Выбрать файл" />
          <h3>Получено</h3>
          {received.length === 0 ? (
            <p className={styles.muted}>Пока ничего.</p>
          ) : (
            <ul data-testid="file-received">
              {received.map((f, i) => (
                <li key={`${f.name}-${i}`}>
                  {f.name} — {kb(f.size)}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
