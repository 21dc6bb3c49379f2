'use client';

import { BreadCrumb } from 'primereact/breadcrumb';
import { ContextMenu } from 'primereact/contextmenu';
import { Menu } from 'primereact/menu';
import { Menubar } from 'primereact/menubar';
import type { MenuItem } from 'primereact/menuitem';
import { PanelMenu } from 'primereact/panelmenu';
import { Steps } from 'primereact/steps';
import { TabMenu } from 'primereact/tabmenu';
import { TieredMenu } from 'primereact/tieredmenu';
import { useRef, useState } from 'react';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import kit from './uikit.module.css';

const STEPS = ['Корзина', 'Доставка', 'Оплата', 'Готово'];
const TABS = ['Обзор', 'Счета', 'Платежи', 'Отчёты'];

/** UI kit: menu bar, plain / tiered / panel / context menus, breadcrumb, steps and tab menu; a choice is shown. */
export function MenuDemo() {
  const [picked, setPicked] = useState('—');
  const [step, setStep] = useState(0);
  const [tab, setTab] = useState(0);
  const context = useRef<ContextMenu>(null);
  const pick = (label: string, icon?: string): MenuItem => ({ label, icon, command: () => setPicked(label) });

  const file: MenuItem = { label: 'Файл', icon: 'pi pi-file', items: [pick('Создать', 'pi pi-plus'), pick('Открыть', 'pi pi-folder-open'), { separator: true }, pick('Экспорт', 'pi pi-upload')] };
  const edit: MenuItem = { label: 'Правка', icon: 'pi pi-pencil', items: [pick('Отменить', 'pi pi-undo'), pick('Вернуть', 'pi pi-refresh')] };
  const help: MenuItem = { label: 'Справка', icon: 'pi pi-question-circle', items: [pick('Документация', 'pi pi-book'), pick('О программе', 'pi pi-info-circle')] };

  return (
    <>
      <DemoPageHeader description="Меню всех видов; выбранный пункт показан ниже." />
      <p className={styles.muted} role="status" data-testid="menu-picked">
        Выбран пункт: {picked}
      </p>
      <section className={styles.card}>
        <h2>Строка меню</h2>
        <Menubar model={[file, edit, help]} />
      </section>
      <section className={styles.card}>
        <h2>Навигационная цепочка, шаги и вкладки</h2>
        <BreadCrumb home={{ icon: 'pi pi-home', url: '/demo' }} model={[{ label: 'Компании' }, { label: 'ООО «Север»' }, { label: 'Счета' }]} />
        <Steps model={STEPS.map((label) => ({ label }))} activeIndex={step} onSelect={(e) => setStep(e.index)} readOnly={false} style={{ margin: '1.5rem 0' }} />
        <TabMenu model={TABS.map((label) => ({ label }))} activeIndex={tab} onTabChange={(e) => setTab(e.index)} />
        <p className={styles.muted}>
          Шаг: {STEPS[step]}; вкладка: {TABS[tab]}.
        </p>
      </section>
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Простое меню</h2>
          <Menu model={[{ label: 'Документы', items: [pick('Новый', 'pi pi-plus'), pick('Поиск', 'pi pi-search')] }, { label: 'Профиль', items: [pick('Настройки', 'pi pi-cog'), pick('Выход', 'pi pi-sign-out')] }]} />
        </section>
        <section className={styles.card}>
          <h2>Многоуровневое меню</h2>
          <TieredMenu model={[file, edit, help]} />
        </section>
        <section className={styles.card}>
          <h2>Меню-панель</h2>
          <PanelMenu model={[file, edit, help]} />
        </section>
        <section className={styles.card}>
          <h2>Контекстное меню</h2>
          <ContextMenu model={[pick('Копировать', 'pi pi-copy'), pick('Переименовать', 'pi pi-pencil'), pick('Удалить', 'pi pi-trash')]} ref={context} />
          <div className={kit.demoBox} onContextMenu={(e) => context.current?.show(e)} data-testid="context-target">
            Щёлкните здесь правой кнопкой мыши.
          </div>
        </section>
      </div>
    </>
  );
}
