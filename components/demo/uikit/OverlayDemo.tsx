'use client';

import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { ConfirmPopup, confirmPopup } from 'primereact/confirmpopup';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { OverlayPanel } from 'primereact/overlaypanel';
import { Sidebar } from 'primereact/sidebar';
import { Tooltip } from 'primereact/tooltip';
import { useRef, useState } from 'react';
import data from '../data/uikit.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';

/** UI kit: dialog, confirmations, overlay panel, side panel, tooltip; the last answer is shown on the page. */
export function OverlayDemo() {
  const [dialog, setDialog] = useState(false);
  const [side, setSide] = useState(false);
  const [name, setName] = useState('');
  const [answer, setAnswer] = useState('—');
  const panel = useRef<OverlayPanel>(null);

  const askDelete = () =>
    confirmDialog({
      header: 'Удаление',
      message: 'Удалить запись? Это действие нельзя отменить.',
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Удалить',
      rejectLabel: 'Отмена',
      acceptClassName: 'p-button-danger',
      accept: () => setAnswer('запись удалена'),
      reject: () => setAnswer('удаление отменено'),
    });

  return (
    <>
      <DemoPageHeader description="Всплывающие окна: диалог с формой, подтверждения, панель у кнопки, боковая панель и подсказка." />
      <p className={styles.muted} role="status" data-testid="overlay-answer">
        Результат: {answer}
      </p>
      <ConfirmDialog />
      <ConfirmPopup />
      <Tooltip target=".demo-tooltip" position="top" />
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Диалог</h2>
          <Button label="Переименовать" icon="pi pi-pencil" onClick={() => setDialog(true)} />
          <Dialog
            header="Новое название"
            visible={dialog}
            onHide={() => setDialog(false)}
            style={{ width: 'min(30rem, 95vw)' }}
            footer={
              <>
                <Button label="Отмена" text onClick={() => setDialog(false)} />
                <Button
                  label="Сохранить"
                  icon="pi pi-check"
                  disabled={!name.trim()}
                  onClick={() => {
                    setAnswer(`название «${name.trim()}» сохранено`);
                    setDialog(false);
                  }}
                />
              </>
            }
          >
            <div className={styles.field}>
              <label htmlFor="overlay-name">Название</label>
              <InputText id="overlay-name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
            </div>
          </Dialog>
        </section>
        <section className={styles.card}>
          <h2>Подтверждение</h2>
          <div className={styles.row}>
            <Button label="Удалить" icon="pi pi-trash" severity="danger" outlined onClick={askDelete} />
            <Button
              label="Отправить"
              icon="pi pi-send"
              outlined
              onClick={(e) =>
                confirmPopup({
                  target: e.currentTarget,
                  message: 'Отправить письмо клиенту?',
                  acceptLabel: 'Да',
                  rejectLabel: 'Нет',
                  accept: () => setAnswer('письмо отправлено'),
                  reject: () => setAnswer('отправка отменена'),
                })
              }
            />
          </div>
        </section>
        <section className={styles.card}>
          <h2>Панель у кнопки</h2>
          <Button label="Города" icon="pi pi-map-marker" onClick={(e) => panel.current?.toggle(e)} />
          <OverlayPanel ref={panel} aria-label="Города">
            <ul className={styles.stack} style={{ margin: 0, paddingLeft: '1rem' }}>
              {data.cities.slice(0, 5).map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </OverlayPanel>
        </section>
        <section className={styles.card}>
          <h2>Боковая панель и подсказка</h2>
          <div className={styles.row}>
            <Button label="Открыть панель" icon="pi pi-arrow-left" onClick={() => setSide(true)} />
            <Button label="Наведите" className="demo-tooltip" data-pr-tooltip="Подсказка к кнопке" severity="secondary" outlined />
          </div>
          <Sidebar visible={side} position="right" onHide={() => setSide(false)} header="Фильтры">
            <p>Боковая панель: здесь могут быть фильтры, подробности записи или настройки.</p>
            <Button label="Закрыть" onClick={() => setSide(false)} />
          </Sidebar>
        </section>
      </div>
    </>
  );
}
