import type { ReactNode } from 'react';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import doc from './documentation.module.css';

/**
 * «Документация»: how to run, configure, deploy and extend «Калькулус» — a short guide written from the
 * repository's README.md and docs/ (operations.md, architecture.md, api.md), which stay the full reference.
 */

const SECTIONS = [
  { id: 'run', title: 'Запуск' },
  { id: 'config', title: 'Настройка' },
  { id: 'deploy', title: 'Развёртывание' },
  { id: 'extend', title: 'Как расширять' },
  { id: 'tests', title: 'Проверки' },
];

const ENV: [string, string, string][] = [
  ['PORT', '3000', 'порт HTTP'],
  ['HOST', '0.0.0.0', 'адрес, на котором слушает сервер'],
  ['DATA_DIR', './data', 'папка данных встроенного режима: база PGlite (pg/) и файлы (blobs/)'],
  ['DATABASE_URL', '—', 'PostgreSQL вместо PGlite: postgres://user:pass@host:5432/db'],
  ['S3_BUCKET и S3_*', '—', 'файлы в S3-совместимом хранилище (MinIO, Yandex Object Storage) вместо диска'],
  ['PUBLIC_URL', '—', 'внешний адрес сайта: ссылки в письмах и публичные ссылки на файлы'],
  ['SMTP_URL', '—', 'почта; без неё письма пишутся в журнал и таблицу auth_outbox'],
  ['TRUST_PROXY', 'false', 'сколько прокси перед приложением дописывают X-Forwarded-For'],
  ['AUTH_BACK_URL, FILE_MANAGER_URL, NOTY_URL', '—', 'внешние сервисы вместо встроенных'],
  ['REQUIRE_EMAIL_CONFIRMATION', 'false', 'вход только после подтверждения почты'],
  ['PRODUCT_NAME', 'Калькулус', 'название продукта в интерфейсе'],
  ['TRASH_DAYS', '30', 'сколько дней удалённое лежит в корзине'],
  ['FILE_QUOTA_MB', '10240', 'место для файлов одного пользователя, МБ'],
  ['LOG_LEVEL', 'info', 'silent — без информационных строк в журнале'],
];

const Code = ({ children }: { children: string }) => (
  <pre className={doc.code}>
    <code>{children}</code>
  </pre>
);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className={`${styles.card} ${doc.section}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

export function DocumentationPage() {
  return (
    <>
      <DemoPageHeader description="Краткое руководство: как запустить, настроить, развернуть и расширить «Калькулус». Полный справочник — README.md и папка docs/ в репозитории." />
      <nav aria-label="Разделы документации" className={doc.toc}>
        {SECTIONS.map((s) => (
          <a key={s.id} href={`#${s.id}`}>
            {s.title}
          </a>
        ))}
      </nav>

      <Section id="run" title="Запуск">
        <p>Нужен Node.js ≥ 20.19 и npm. Настраивать ничего не нужно: по умолчанию база — встроенная PGlite, файлы — на локальном диске.</p>
        <Code>{'npm install && npm start'}</Code>
        <p>
          Команда собирает приложение, если сборки нет или она устарела, создаёт папку данных <code>./data</code>, применяет миграции и
          запускает сервер на http://localhost:3000. Порт и папку данных можно задать: <code>PORT=8080 DATA_DIR=/srv/kalkulus npm start</code>.
          Остановка — Ctrl+C; данные остаются в папке и подхватываются при следующем запуске.
        </p>
        <p>Разработка — с горячей перезагрузкой, на отдельной папке данных:</p>
        <Code>{'DATA_DIR=./data-dev npm run dev'}</Code>
        <p className={styles.muted}>
          Не запускайте <code>npm run dev</code> и <code>npm start</code> на одной папке данных одновременно: PGlite не блокирует папку.
        </p>
      </Section>

      <Section id="config" title="Настройка">
        <p>
          Только переменные окружения, все необязательны. Неверное значение останавливает запуск со списком: какая переменная, что не
          так и пример правильного значения. Основные:
        </p>
        <div className={styles.scrollX}>
          <table className={doc.table}>
            <thead>
              <tr>
                <th>Переменная</th>
                <th>По умолчанию</th>
                <th>Что задаёт</th>
              </tr>
            </thead>
            <tbody>
              {ENV.map(([name, def, what]) => (
                <tr key={name}>
                  <td>
                    <code>{name}</code>
                  </td>
                  <td>{def}</td>
                  <td>{what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>Полная таблица, включая вход через Яндекс ID, VK ID, Telegram и капчу, — в README.md.</p>
        <h3>Пользователи и роли</h3>
        <Code>{'npm run user:roles -- boss@example.ru admin super-admin\nnpm run auth:keys -- rotate'}</Code>
        <p className={styles.muted}>
          Со встроенной базой эти команды запускают при остановленном сервере; с <code>DATABASE_URL</code> — в любое время.
        </p>
      </Section>

      <Section id="deploy" title="Развёртывание">
        <h3>Один сервер</h3>
        <p>
          <code>npm install && npm start</code> или в контейнере <code>node server.mjs</code> после <code>next build</code> (не{' '}
          <code>next start</code>: без server.mjs нет адреса клиента для лимитов и быстрого приёма частей загрузки). Одна папка данных — один
          процесс.
        </p>
        <p>Резервная копия — копия остановленной папки данных:</p>
        <Code>{'tar czf kalkulus-$(date +%F).tgz data'}</Code>
        <h3>Несколько экземпляров</h3>
        <ul>
          <li>
            <code>DATABASE_URL</code> — общая база PostgreSQL 15+; миграции применяет первый стартующий экземпляр под advisory-блокировкой.
          </li>
          <li>
            <code>S3_ENDPOINT</code>, <code>S3_REGION</code>, <code>S3_BUCKET</code>, ключи — общее хранилище файлов; бакет создаётся
            заранее.
          </li>
          <li>
            Балансировщику: liveness — <code>GET /api/health</code>, readiness — <code>GET /api/ready</code> (503, пока база или хранилище
            недоступны).
          </li>
          <li>
            За nginx или CDN задайте <code>TRUST_PROXY</code> — число прокси перед приложением, иначе адрес клиента — адрес соединения.
          </li>
        </ul>
      </Section>

      <Section id="extend" title="Как расширять">
        <p>Слои и правило импорта:</p>
        <ul>
          <li>
            <code>app/</code> — страницы и тонкие route handlers; <code>components/</code> — React-компоненты;
          </li>
          <li>
            <code>lib/domain/</code> — чистый TypeScript (деньги, форматы, правила), импортирует только себя и decimal.js;
          </li>
          <li>
            <code>lib/server/</code> — только сервер; <code>lib/schemas/</code> — zod-схемы входов, общие для формы и сервера.
          </li>
        </ul>
        <h3>Новый вызов API</h3>
        <ol>
          <li>
            Схема входа — в <code>lib/schemas/&lt;область&gt;.ts</code>.
          </li>
          <li>
            Сценарий — файл <code>lib/server/services/&lt;область&gt;/&lt;вызов&gt;.ts</code> с <code>defineCall(&#123; input, handle &#125;)</code>;
            ошибка — <code>ServiceError</code> с кодом из таблицы <code>ERROR_STATUS</code> и русским сообщением.
          </li>
          <li>
            Строка в таблице вызовов области <code>calls.ts</code>.
          </li>
          <li>
            В браузере — метод фасада <code>components/&lt;область&gt;/api.ts</code> через <code>call(service, name, input)</code>: типы входа и
            ответа приходят из таблиц сервера.
          </li>
          <li>
            Строка в <code>docs/api.md</code>.
          </li>
        </ol>
        <h3>Новая страница</h3>
        <ol>
          <li>
            Файл <code>app/(main)/&lt;путь&gt;/page.tsx</code> — тонкий: метаданные и компонент из <code>components/&lt;область&gt;</code>.
          </li>
          <li>
            Русские подписи цепочки — строка в <code>lib/domain/layout/routes.ts</code> (тест обходит <code>app/</code> и требует её).
          </li>
          <li>
            Страница за входом — её префикс в <code>lib/domain/protected-routes.ts</code>.
          </li>
          <li>
            Данные грузит хук <code>useLoad</code>; деньги — только через <code>lib/domain/money</code> (decimal.js, копейки с округлением
            половины вверх).
          </li>
        </ol>
        <p className={styles.muted}>
          Демо-страницы, как эта, живут в <code>app/(demo)</code> и перечислены в <code>components/demo/pages.ts</code>.
        </p>
      </Section>

      <Section id="tests" title="Проверки">
        <Code>{'npm run lint\nnpm run typecheck\nnpm run test:unit\nnpm run test:integration\nnpm run test:e2e'}</Code>
        <p>
          Интеграционные тесты идут на встроенной PGlite, а с <code>TEST_DATABASE_URL</code> — ещё раз на PostgreSQL. e2e — Playwright в
          Chromium на production-сборке. Бенчмарки — <code>npm run bench -- &lt;имя&gt;</code>, см. bench/README.md.
        </p>
      </Section>
    </>
  );
}
