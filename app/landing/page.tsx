import type { Metadata } from 'next';
import Link from 'next/link';
import { AREAS } from '@/components/home/areas';
import { getEnv } from '@/lib/server/env';

export const metadata: Metadata = { title: 'О сервисе' };

const STEPS = [
  { title: 'Опишите изделие', text: 'Спецификация: материалы с нормами расхода, вложенные узлы, операции бизнес-процесса.' },
  { title: 'Укажите цены и ставки', text: 'Цены материалов, ставки труда, накладные и страховые взносы — с датами действия.' },
  { title: 'Получите калькуляцию', text: 'Себестоимость по статьям, цена с наценкой и НДС, печатная форма — всё в рублях до копейки.' },
];

/** `/landing`: the product page, outside the shell. */
export default function LandingPage() {
  const { PRODUCT_NAME } = getEnv();
  return (
    <div className="landing">
      <header className="landing-top">
        <span className="landing-logo">
          <i className="pi pi-calculator" aria-hidden="true" /> {PRODUCT_NAME}
        </span>
        <nav aria-label="Вход">
          <Link href="/auth" className="p-button p-button-text p-component">
            <span className="p-button-label">Войти</span>
          </Link>
        </nav>
      </header>
      <main>
        <section className="landing-hero">
          <h1>Себестоимость и учёт без таблиц</h1>
          <p>
            {PRODUCT_NAME} считает себестоимость изделий по спецификациям и процессам, помогает бухгалтеру с
            ежедневными расчётами и хранит реквизиты компаний и документы в одном месте.
          </p>
          <div className="home-actions">
            <Link className="p-button p-component" href="/auth?mode=register">
              <span className="p-button-label">Начать бесплатно</span>
            </Link>
            <Link className="p-button p-button-outlined p-component" href="/">
              <span className="p-button-label">На главную</span>
            </Link>
          </div>
        </section>
        <section aria-labelledby="landing-areas">
          <h2 id="landing-areas">Что умеет сервис</h2>
          <ul className="home-areas">
            {AREAS.map((a) => (
              <li key={a.title}>
                <i className={`pi ${a.icon}`} aria-hidden="true" />
                <h3>{a.title}</h3>
                <p>{a.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="landing-steps">
          <h2 id="landing-steps">Как это работает</h2>
          <ol className="landing-steps">
            {STEPS.map((s) => (
              <li key={s.title}>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </section>
      </main>
      <footer className="landing-footer">
        © {PRODUCT_NAME}. Суммы — в рублях, даты — дд.мм.гг, расчёты — по правилам российского учёта.
      </footer>
    </div>
  );
}
