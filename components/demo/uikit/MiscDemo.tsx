'use client';

import { Avatar } from 'primereact/avatar';
import { AvatarGroup } from 'primereact/avatargroup';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { Chip } from 'primereact/chip';
import { Inplace, InplaceContent, InplaceDisplay } from 'primereact/inplace';
import { InputText } from 'primereact/inputtext';
import { MeterGroup } from 'primereact/metergroup';
import { ProgressBar } from 'primereact/progressbar';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { Timeline } from 'primereact/timeline';
import { useEffect, useState } from 'react';
import { formatDateTime } from '@/lib/domain/format/date';
import data from '../data/uikit.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';

type Event = (typeof data.timeline)[number];
const SKILLS = ['Бухгалтерия', 'Калькуляция', 'Налоги', 'Склад'];

/** UI kit: progress, badges, avatars, tags, chips, skeleton, in-place editing, meter group and timeline. */
export function MiscDemo() {
  const [progress, setProgress] = useState(0);
  const [running, setRunning] = useState(false);
  const [chips, setChips] = useState(SKILLS);
  const [title, setTitle] = useState('Стол письменный');

  useEffect(() => {
    if (!running) return;
    const t = window.setInterval(() => {
      setProgress((p) => {
        const next = Math.min(100, p + 20);
        if (next === 100) setRunning(false);
        return next;
      });
    }, 150);
    return () => window.clearInterval(t);
  }, [running]);

  return (
    <>
      <DemoPageHeader description="Разное: индикаторы хода, значки, аватары, метки, заглушки, правка на месте, шкала и лента событий." />
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Ход выполнения</h2>
          <ProgressBar value={progress} aria-label="Ход расчёта" />
          <div className={styles.row} style={{ marginTop: '1rem' }}>
            <Button
              label={progress === 100 ? 'Заново' : 'Запустить'}
              icon="pi pi-play"
              disabled={running}
              onClick={() => {
                setProgress(0);
                setRunning(true);
              }}
            />
            <span data-testid="misc-progress">{progress === 100 ? 'Готово' : `${progress} %`}</span>
            {running && <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="6" aria-label="Идёт расчёт" />}
          </div>
          <h3>Шкала</h3>
          <MeterGroup
            values={data.chart.structure.labels.map((label, i) => ({ label, value: data.chart.structure.values[i]! }))}
            labelPosition="end"
          />
        </section>
        <section className={styles.card}>
          <h2>Значки, аватары, метки</h2>
          <div className={styles.row}>
            <Badge value="2" />
            <Badge value="8" severity="success" />
            <Badge value="4" severity="warning" />
            <Badge value="12" severity="danger" />
            <Button type="button" label="Письма" icon="pi pi-envelope" outlined badge="5" />
          </div>
          <div className={styles.row} style={{ marginTop: '1rem' }}>
            <AvatarGroup>
              <Avatar label="АС" shape="circle" />
              <Avatar label="ИП" shape="circle" style={{ background: 'var(--primary-color)', color: 'var(--primary-color-text)' }} />
              <Avatar icon="pi pi-user" shape="circle" />
              <Avatar label="+3" shape="circle" />
            </AvatarGroup>
            <Tag value="Новый" />
            <Tag value="Оплачен" severity="success" />
            <Tag value="Просрочен" severity="danger" rounded />
          </div>
          <div className={styles.row} style={{ marginTop: '1rem' }} data-testid="misc-chips">
            {chips.map((c) => (
              <Chip key={c} label={c} removable onRemove={() => {
                  setChips((list) => list.filter((x) => x !== c));
                  return true;
                }} />
            ))}
            {chips.length < SKILLS.length && <Button label="Вернуть" text size="small" onClick={() => setChips(SKILLS)} />}
          </div>
        </section>
        <section className={styles.card}>
          <h2>Правка на месте и заглушки</h2>
          <Inplace closable>
            <InplaceDisplay>
              <span data-testid="misc-title">{title}</span> <i className="pi pi-pencil" aria-hidden="true" />
            </InplaceDisplay>
            <InplaceContent>
              <InputText value={title} aria-label="Название" onChange={(e) => setTitle(e.target.value)} autoFocus />
            </InplaceContent>
          </Inplace>
          <div className={styles.stack} style={{ marginTop: '1rem' }}>
            <div className={styles.row}>
              <Skeleton shape="circle" size="3rem" />
              <div style={{ flex: 1 }}>
                <Skeleton width="60%" style={{ marginBottom: '0.5rem' }} />
                <Skeleton width="40%" />
              </div>
            </div>
            <Skeleton height="4rem" />
          </div>
        </section>
        <section className={styles.card}>
          <h2>Лента событий</h2>
          <Timeline
            value={data.timeline}
            content={(e: Event) => (
              <>
                <strong>{e.status}</strong>
                <div className={styles.muted}>{formatDateTime(new Date(`${e.date}+03:00`))}</div>
              </>
            )}
            marker={(e: Event) => <i className={e.icon} aria-hidden="true" style={{ color: 'var(--primary-color)' }} />}
          />
        </section>
      </div>
    </>
  );
}
