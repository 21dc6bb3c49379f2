'use client';

import { Button } from 'primereact/button';
import { useState, type ReactNode } from 'react';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import g from './gallery.module.css';

export interface BlockShown {
  id: string;
  title: string;
  file: string;
  code: string;
  preview: ReactNode;
}

/** «Блоки»: each block live, with «Показать код» opening the block's own source file under it. */
export function BlocksGallery({ blocks }: { blocks: BlockShown[] }) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  return (
    <>
      <DemoPageHeader description="Готовые блоки страниц в оформлении темы. Под каждым — его исходный код из репозитория." />
      {blocks.map((b) => (
        <section key={b.id} className={styles.card} aria-labelledby={`block-${b.id}`}>
          <div className={g.head}>
            <h2 id={`block-${b.id}`}>{b.title}</h2>
            <Button
              type="button"
              label={open[b.id] ? 'Скрыть код' : 'Показать код'}
              icon="pi pi-code"
              size="small"
              outlined
              aria-expanded={Boolean(open[b.id])}
              aria-controls={`block-${b.id}-code`}
              onClick={() => setOpen((o) => ({ ...o, [b.id]: !o[b.id] }))}
            />
          </div>
          <div className={g.preview}>{b.preview}</div>
          {open[b.id] && (
            <figure id={`block-${b.id}-code`} className={g.figure}>
              <figcaption className={styles.muted}>{b.file}</figcaption>
              <pre className={g.code} tabIndex={0} aria-label={`Код блока «${b.title}»`}>
                <code>{b.code}</code>
              </pre>
            </figure>
          )}
        </section>
      ))}
    </>
  );
}
