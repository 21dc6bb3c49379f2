import Link from 'next/link';
import { DEMO_GROUPS, demoPagesOf, isLinkable } from './pages';
import styles from './demo.module.css';

/** `/demo`: every demo page by group, from components/demo/pages.ts. */
export function DemoIndex() {
  return (
    <>
      <header className={styles.header}>
        <div className={styles.headerText}>
          <h1 className={styles.title}>Демо-страницы</h1>
          <p className={styles.description}>
            Образцы экранов на примерных данных: приложения, набор компонентов, шаблоны страниц. Они не связаны с
            вашими расчётами и документами; изменения хранятся только в этом браузере.
          </p>
        </div>
      </header>
      {DEMO_GROUPS.map((group) => {
        const pages = demoPagesOf(group).filter(isLinkable);
        if (pages.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`demo-group-${group}`}>
            <h2 id={`demo-group-${group}`} className={styles.groupTitle}>
              {group}
            </h2>
            <nav aria-label={group} className={styles.tiles}>
              {pages.map((p) => (
                <Link key={p.path} href={p.path} className={styles.tile}>
                  <i className={`pi ${p.icon}`} aria-hidden="true" />
                  <span>{p.title}</span>
                </Link>
              ))}
            </nav>
          </section>
        );
      })}
    </>
  );
}
