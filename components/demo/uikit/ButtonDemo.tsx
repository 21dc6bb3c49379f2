'use client';

import { Button, type ButtonProps } from 'primereact/button';
import { ButtonGroup } from 'primereact/buttongroup';
import { SplitButton } from 'primereact/splitbutton';
import { useState } from 'react';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';

const SEVERITIES: { label: string; severity?: ButtonProps['severity'] }[] = [
  { label: 'Основная' },
  { label: 'Вторичная', severity: 'secondary' },
  { label: 'Успех', severity: 'success' },
  { label: 'Инфо', severity: 'info' },
  { label: 'Внимание', severity: 'warning' },
  { label: 'Помощь', severity: 'help' },
  { label: 'Опасно', severity: 'danger' },
];

/** UI kit: buttons of every kind; each press is counted, «Загрузить» shows a loading state. */
export function ButtonDemo() {
  const [loading, setLoading] = useState(false);
  const [last, setLast] = useState('ничего');
  const press = (what: string) => () => setLast(what);
  const load = () => {
    setLoading(true);
    setLast('Загрузить');
    window.setTimeout(() => setLoading(false), 800);
  };
  const splitItems = [
    { label: 'Обновить', icon: 'pi pi-refresh', command: press('Обновить') },
    { label: 'Удалить', icon: 'pi pi-times', command: press('Удалить') },
    { label: 'Экспорт', icon: 'pi pi-upload', command: press('Экспорт') },
  ];
  return (
    <>
      <DemoPageHeader description="Кнопки PrimeReact: цвета, варианты, значки, группы и кнопка с меню." />
      <p className={styles.muted} role="status" data-testid="button-last">
        Последнее нажатие: {last}
      </p>
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Цвета</h2>
          <div className={styles.row}>
            {SEVERITIES.map((s) => (
              <Button key={s.label} label={s.label} severity={s.severity} onClick={press(s.label)} />
            ))}
          </div>
        </section>
        <section className={styles.card}>
          <h2>Варианты</h2>
          <div className={styles.row}>
            <Button label="С рамкой" outlined onClick={press('С рамкой')} />
            <Button label="Текстовая" text onClick={press('Текстовая')} />
            <Button label="Приподнятая" raised onClick={press('Приподнятая')} />
            <Button label="Скруглённая" rounded onClick={press('Скруглённая')} />
            <Button label="Ссылка" link onClick={press('Ссылка')} />
            <Button label="Недоступна" disabled />
          </div>
        </section>
        <section className={styles.card}>
          <h2>Значки и размеры</h2>
          <div className={styles.row}>
            <Button icon="pi pi-check" aria-label="Готово" onClick={press('Готово')} />
            <Button icon="pi pi-bookmark" rounded outlined aria-label="В закладки" onClick={press('В закладки')} />
            <Button label="Сохранить" icon="pi pi-save" onClick={press('Сохранить')} />
            <Button label="Далее" icon="pi pi-arrow-right" iconPos="right" onClick={press('Далее')} />
            <Button label="Маленькая" size="small" onClick={press('Маленькая')} />
            <Button label="Большая" size="large" onClick={press('Большая')} />
          </div>
        </section>
        <section className={styles.card}>
          <h2>Загрузка, группы, меню</h2>
          <div className={styles.stack}>
            <div className={styles.row}>
              <Button label="Загрузить" icon="pi pi-download" loading={loading} onClick={load} />
              <Button label="С бейджем" icon="pi pi-bell" badge="8" badgeClassName="p-badge-danger" outlined onClick={press('С бейджем')} />
            </div>
            <ButtonGroup>
              <Button label="Сохранить" icon="pi pi-check" onClick={press('Сохранить')} />
              <Button label="Удалить" icon="pi pi-trash" onClick={press('Удалить')} />
              <Button label="Отмена" icon="pi pi-times" onClick={press('Отмена')} />
            </ButtonGroup>
            <SplitButton label="Сохранить" icon="pi pi-check" model={splitItems} onClick={press('Сохранить')} menuButtonProps={{ 'aria-label': 'Ещё действия' }} />
          </div>
        </section>
      </div>
    </>
  );
}
