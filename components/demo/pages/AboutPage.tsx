import Link from 'next/link';
import data from '../data/pages.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import pg from './pages.module.css';

const { company, about } = data;

/** «О компании» of the sample company: what it does, figures, values, people. */
export function AboutPage() {
  return (
    <>
      <DemoPageHeader description={about.lead} />
      <section className={`${styles.card} ${pg.hero}`}>
        <h2>{company.name}</h2>
        <p>
          Собственное производство в Москве, склад и шоурум. Каждое изделие рассчитываем в «Калькулусе»: спецификация
          материалов, операции, накладные — и клиент видит честную цену.
        </p>
        <div className={pg.facts}>
          {about.facts.map((f) => (
            <div key={f.label} className={pg.fact}>
              <strong>{f.value}</strong>
              <span>{f.label}</span>
            </div>
          ))}
        </div>
      </section>
      <h2 className={styles.groupTitle}>Наши принципы</h2>
      <div className={pg.cards}>
        {about.values.map((v) => (
          <section key={v.title} className={styles.card}>
            <i className={`${v.icon} ${pg.icon}`} aria-hidden="true" />
            <h3>{v.title}</h3>
            <p className={styles.muted}>{v.text}</p>
          </section>
        ))}
      </div>
      <h2 className={styles.groupTitle}>Команда</h2>
      <div className={pg.cards}>
        {about.team.map((m) => (
          <section key={m.name} className={`${styles.card} ${pg.person}`}>
            <span className={pg.avatar} aria-hidden="true">
              {m.initials}
            </span>
            <div>
              <h3>{m.name}</h3>
              <p className={styles.muted}>{m.role}</p>
            </div>
          </section>
        ))}
      </div>
      <p>
        Есть вопрос? Загляните в <Link href="/pages/faq">частые вопросы</Link> или <Link href="/pages/contact">напишите нам</Link>.
      </p>
    </>
  );
}
