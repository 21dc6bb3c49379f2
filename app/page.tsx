import { ServiceStatus } from '@/components/home/ServiceStatus';
import { getEnv } from '@/lib/server/env';

export const dynamic = 'force-dynamic';

const AREAS = [
  { icon: 'pi-calculator', title: 'Калькуляторы', text: 'НДС, зарплата, отпускные, больничные, пени и ещё 14 расчётов с шагами.' },
  { icon: 'pi-sitemap', title: 'Спецификации', text: 'Многоуровневые нормы расхода материалов и операции.' },
  { icon: 'pi-chart-bar', title: 'Себестоимость', text: 'Калькуляция по статьям до копейки: от материалов до цены с НДС.' },
  { icon: 'pi-building', title: 'Компании', text: 'Реквизиты с проверкой ИНН, КПП, ОГРН и счетов.' },
  { icon: 'pi-folder', title: 'Мои документы', text: 'Файлы, папки, общий доступ и документы по шаблонам.' },
  { icon: 'pi-book', title: 'Обучение', text: 'Курсы по калькуляции и учёту, отметки о прогрессе.' },
];

export default function HomePage() {
  const { PRODUCT_NAME } = getEnv();
  return (
    <main className="home">
      <header className="home-header">
        <h1>{PRODUCT_NAME}</h1>
        <p>Себестоимость, калькуляторы бухгалтера, компании и документы — для малого бизнеса, точно до копейки.</p>
      </header>
      <ul className="home-areas">
        {AREAS.map((a) => (
          <li key={a.title}>
            <i className={`pi ${a.icon}`} aria-hidden="true" />
            <h3>{a.title}</h3>
            <p>{a.text}</p>
          </li>
        ))}
      </ul>
      <ServiceStatus />
    </main>
  );
}
