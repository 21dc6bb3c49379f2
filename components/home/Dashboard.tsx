import { IntentLink } from '@/components/layout/IntentLink';
import { AREAS } from './areas';
import { ServiceStatus } from './ServiceStatus';

/** `/` for a signed-in user: shortcuts to every area (prefetched on hover or focus, like the menu). */
export function Dashboard({ productName }: { productName: string }) {
  return (
    <>
      <h1 className="dashboard-title">{productName}: рабочий стол</h1>
      <nav aria-label="Разделы" className="dashboard-grid">
        {AREAS.map((a) => (
          <IntentLink key={a.to} href={a.to} className="dashboard-tile">
            <i className={`pi ${a.icon}`} aria-hidden="true" />
            <span className="dashboard-tile-title">{a.title}</span>
            <span className="dashboard-tile-text">{a.text}</span>
          </IntentLink>
        ))}
      </nav>
      <p className="dashboard-demo">
        <IntentLink href="/demo">
          <i className="pi pi-th-large" aria-hidden="true" /> Демо-страницы
        </IntentLink>{' '}
        — образцы экранов и компонентов на примерных данных.
      </p>
      <ServiceStatus />
    </>
  );
}
