import Link from 'next/link';
import { SettingsButton } from '@/components/layout/SettingsSidebar';
import { AREAS } from './areas';
import { ServiceStatus } from './ServiceStatus';

/** `/` for a visitor: what the product does, sign-in and sign-up. */
export function VisitorHome({ productName }: { productName: string }) {
  return (
    <main className="home">
      <header className="home-header">
        <h1>{productName}</h1>
        <p>Себестоимость, калькуляторы бухгалтера, компании и документы — для малого бизнеса, точно до копейки.</p>
        <div className="home-actions">
          <Link className="p-button p-component" href="/auth">
            <span className="p-button-label">Войти</span>
          </Link>
          <Link className="p-button p-button-outlined p-component" href="/auth?mode=register">
            <span className="p-button-label">Зарегистрироваться</span>
          </Link>
          <Link className="p-button p-button-text p-component" href="/landing">
            <span className="p-button-label">Подробнее о сервисе</span>
          </Link>
        </div>
      </header>
      <ul className="home-areas">
        {AREAS.map((a) => (
          <li key={a.title}>
            <i className={`pi ${a.icon}`} aria-hidden="true" />
            <h2>{a.title}</h2>
            <p>{a.text}</p>
          </li>
        ))}
      </ul>
      <ServiceStatus />
      <SettingsButton />
    </main>
  );
}
