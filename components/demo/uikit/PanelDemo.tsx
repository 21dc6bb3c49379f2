'use client';

import { Accordion, AccordionTab } from 'primereact/accordion';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Divider } from 'primereact/divider';
import { Fieldset } from 'primereact/fieldset';
import { Panel } from 'primereact/panel';
import { ScrollPanel } from 'primereact/scrollpanel';
import { Splitter, SplitterPanel } from 'primereact/splitter';
import { TabPanel, TabView } from 'primereact/tabview';
import { Toolbar } from 'primereact/toolbar';
import { useState } from 'react';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import kit from './uikit.module.css';

const TEXT =
  'Себестоимость складывается из прямых материальных затрат, оплаты труда с взносами и доли накладных расходов. Чем точнее спецификация, тем точнее цена.';

const TABS = [
  { header: 'Материалы', text: 'Сырьё, покупные изделия и полуфабрикаты по нормам спецификации.' },
  { header: 'Труд', text: 'Операции с нормами времени и ставками, страховые взносы по тарифу.' },
  { header: 'Накладные', text: 'Общепроизводственные и общехозяйственные расходы по выбранной базе.' },
];

/** UI kit: containers — toolbar, accordion, tabs, panel, fieldset, card, splitter, scroll panel. */
export function PanelDemo() {
  const [tab, setTab] = useState(0);
  return (
    <>
      <DemoPageHeader description="Контейнеры: панель инструментов, аккордеон, вкладки, сворачиваемая панель, группа полей, карточка, разделитель." />
      <section className={styles.card}>
        <h2>Панель инструментов</h2>
        <Toolbar
          start={
            <div className={styles.row}>
              <Button label="Создать" icon="pi pi-plus" />
              <Button label="Загрузить" icon="pi pi-upload" severity="secondary" outlined />
            </div>
          }
          end={<Button icon="pi pi-print" aria-label="Печать" text />}
        />
      </section>
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Вкладки</h2>
          <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)} scrollable>
            {TABS.map((t) => (
              <TabPanel key={t.header} header={t.header}>
                <p data-testid="tab-text">{t.text}</p>
              </TabPanel>
            ))}
          </TabView>
        </section>
        <section className={styles.card}>
          <h2>Аккордеон</h2>
          <Accordion activeIndex={0}>
            {TABS.map((t) => (
              <AccordionTab key={t.header} header={t.header}>
                <p>{t.text}</p>
              </AccordionTab>
            ))}
          </Accordion>
        </section>
        <section className={styles.card}>
          <h2>Панель и группа полей</h2>
          <Panel header="Сворачиваемая панель" toggleable>
            <p>{TEXT}</p>
          </Panel>
          <Divider align="center">
            <span className={styles.muted}>или</span>
          </Divider>
          <Fieldset legend="Группа полей" toggleable>
            <p>{TEXT}</p>
          </Fieldset>
        </section>
        <section className={styles.card}>
          <h2>Карточка</h2>
          <Card title="Калькуляция" subTitle="Стол письменный 120 × 60" footer={<Button label="Открыть" icon="pi pi-arrow-right" iconPos="right" size="small" />}>
            <p>{TEXT}</p>
          </Card>
        </section>
      </div>
      <section className={styles.card}>
        <h2>Разделение и прокрутка</h2>
        <Splitter style={{ minHeight: '12rem', overflow: 'hidden' }}>
          <SplitterPanel size={40} minSize={20}>
            <div className={kit.demoBox}>Левая часть: потяните разделитель.</div>
          </SplitterPanel>
          <SplitterPanel size={60} minSize={20} style={{ overflow: 'hidden' }}>
            <ScrollPanel style={{ width: '100%', height: '11rem' }}>
              <div className={kit.demoBox}>
                {Array.from({ length: 6 }, (_, i) => (
                  <p key={i}>{TEXT}</p>
                ))}
              </div>
            </ScrollPanel>
          </SplitterPanel>
        </Splitter>
      </section>
    </>
  );
}
