'use client';

import { Accordion, AccordionTab } from 'primereact/accordion';
import Link from 'next/link';
import data from '../data/pages.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';

/** «Частые вопросы»: the sample company's answers by topic, in accordions (one answer open at a time). */
export function FaqPage() {
  return (
    <>
      <DemoPageHeader description="Ответы на частые вопросы по темам. Нажмите на вопрос, чтобы раскрыть ответ." />
      {data.faq.map((g) => (
        <section key={g.group} className={styles.card}>
          <h2>{g.group}</h2>
          <Accordion>
            {g.items.map((it) => (
              <AccordionTab key={it.q} header={it.q}>
                <p style={{ margin: 0 }}>{it.a}</p>
              </AccordionTab>
            ))}
          </Accordion>
        </section>
      ))}
      <p className={styles.muted}>
        Не нашли ответа? <Link href="/pages/contact">Напишите нам</Link> или поищите в <Link href="/pages/help">справке</Link>.
      </p>
    </>
  );
}
