import 'server-only';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one configuration of the server, from the environment only.
 * Defaults give the embedded everything: PGlite in DATA_DIR/pg, blobs in DATA_DIR/blobs, embedded services.
 */

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

const httpUrl = (hint: string) =>
  z.string().refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), { message: `ожидается адрес вида ${hint}` });

const bool = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), { message: 'ожидается true или false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (what: string) =>
  z
    .string()
    .regex(/^\d+$/, { message: `ожидается целое число (${what})` })
    .transform(Number)
    .refine((n) => n > 0, { message: `ожидается число больше нуля (${what})` });

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('production')),
    PORT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d+$/, { message: 'ожидается номер порта от 1 до 65535' })
        .transform(Number)
        .refine((n) => n >= 1 && n <= 65535, { message: 'ожидается номер порта от 1 до 65535' })
        .default(3000),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    DATABASE_URL: opt(
      z.string().refine((v) => /^postgres(ql)?:\/\/.+/i.test(v) && URL.canParse(v), {
        message: 'ожидается адрес PostgreSQL вида postgres://пользователь:пароль@хост:5432/база',
      }),
    ),
    S3_ENDPOINT: opt(httpUrl('https://storage.yandexcloud.net')),
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
    S3_BUCKET: opt(
      z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        message: 'имя бакета: от 3 до 63 строчных латинских букв, цифр, точек и дефисов',
      }),
    ),
    S3_ACCESS_KEY_ID: opt(z.string()),
    S3_SECRET_ACCESS_KEY: opt(z.string()),
    S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, bool.default(true)),
    PUBLIC_URL: opt(httpUrl('https://kalkulus.example.ru')),
    COOKIE_DOMAIN: opt(
      z.string().regex(/^\.?[a-z0-9-]+(\.[a-z0-9-]+)*$/i, { message: 'ожидается домен вида example.ru' }),
    ),
    SMTP_URL: opt(
      z.string().refine((v) => /^smtps?:\/\/.+/i.test(v) && URL.canParse(v), {
        message: 'ожидается адрес вида smtp://пользователь:пароль@smtp.example.ru:587 или smtps://…:465',
      }),
    ),
    SMTP_FROM: z.preprocess(emptyToUndefined, z.string().default('Калькулус <no-reply@localhost>')),
    AUTH_BACK_URL: opt(httpUrl('https://auth.example.ru/auth-back/api/v2')),
    /** Expected `iss` / `aud` of the upstream's tokens (checked only when set). */
    AUTH_BACK_ISSUER: opt(z.string().max(500)),
    AUTH_BACK_AUDIENCE: opt(z.string().max(500)),
    FILE_MANAGER_URL: opt(httpUrl('https://files.example.ru/file-manager-service/api/v1')),
    NOTY_URL: opt(httpUrl('https://noty.example.ru/noty')),
    NOTY_SERVICE_KEY: opt(z.string().min(16, 'Ключ сервиса уведомлений — не короче 16 символов.').max(500)),
    REQUIRE_EMAIL_CONFIRMATION: z.preprocess(emptyToUndefined, bool.default(false)),
    AUTH_ACCESS_TTL_SECONDS: opt(positiveInt('секунд')),
    AUTH_RATE_LIMIT_SCALE: z.preprocess(emptyToUndefined, positiveInt('множитель').default(1)),
    YANDEX_CLIENT_ID: opt(z.string()),
    YANDEX_CLIENT_SECRET: opt(z.string()),
    VK_CLIENT_ID: opt(z.string()),
    VK_CLIENT_SECRET: opt(z.string()),
    TELEGRAM_BOT_TOKEN: opt(
      z.string().regex(/^\d+:[\w-]{30,}$/, { message: 'ожидается токен бота вида 123456:ABC… от @BotFather' }),
    ),
    TELEGRAM_BOT_NAME: opt(z.string().regex(/^\w{5,}$/, { message: 'ожидается имя бота без @' })),
    CAPTCHA_PROVIDER: opt(z.enum(['recaptcha', 'smartcaptcha'], { message: 'ожидается recaptcha или smartcaptcha' })),
    CAPTCHA_SITE_KEY: opt(z.string()),
    CAPTCHA_SECRET: opt(z.string()),
    MESSENGER_URL: opt(httpUrl('https://t.me/kalkulus_support')),
    PRODUCT_NAME: z.preprocess(emptyToUndefined, z.string().max(60).default('Калькулус')),
    UPLOAD_IDLE_HOURS: z.preprocess(emptyToUndefined, positiveInt('часов').default(24)),
    FILE_QUOTA_MB: z.preprocess(emptyToUndefined, positiveInt('мегабайт').default(10240)),
    /** Days an object deleted by the user stays in the recycle bin before the sweeper deletes it for good. */
    TRASH_DAYS: z.preprocess(emptyToUndefined, positiveInt('дней').default(30)),
    /** Bearer token of `/api/metrics` (Prometheus); unset — the address answers 404. */
    METRICS_TOKEN: opt(z.string().min(16, 'Токен метрик — не короче 16 символов.').max(500)),
    /** How often a process re-reads the token signing keys (another instance or `npm run auth:keys` may rotate). */
    AUTH_KEYS_RELOAD_SECONDS: z.preprocess(emptyToUndefined, positiveInt('секунд').default(60)),
    /** How long requests in progress may take to finish after SIGTERM (server.mjs). */
    SHUTDOWN_GRACE_SECONDS: z.preprocess(emptyToUndefined, positiveInt('секунд').default(10)),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['info', 'silent']).default('info')),
    /** `json`: one JSON object per log line, and one line per request (server.mjs). */
    LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(['text', 'json'], { message: 'ожидается text или json' }).default('text')),
    /** `1`: a JSON line of the process's memory once it listens and after each idle collection (server.mjs). */
    MEMORY_LOG: z.preprocess(emptyToUndefined, z.enum(['0', '1'], { message: 'ожидается 0 или 1' }).default('0')),
    /** `0`: no warm-up once the server listens (server-warm-up.mjs: the first visitor's signed-out requests sent by the server itself). */
    WARM_UP: z.preprocess(emptyToUndefined, z.enum(['0', '1'], { message: 'ожидается 0 или 1' }).default('1')),
    /** How many proxies in front of the app may append to X-Forwarded-For: false/0 (default), a number, or true (all). */
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((v) => v.trim().toLowerCase())
        .refine((v) => /^\d{1,2}$/.test(v) || ['true', 'false', 'yes', 'no'].includes(v), {
          message: 'ожидается false, true или число прокси перед приложением (1, 2, …)',
        })
        .transform((v) => (v === 'true' || v === 'yes' ? Infinity : v === 'false' || v === 'no' ? 0 : Number(v)))
        .default(0),
    ),
    /** The build id `next build` gives the release (read by next.config.mjs at build time; checked here for a clear message). */
    APP_BUILD_ID: opt(z.string().regex(/^[\w.-]{1,64}$/, { message: 'ожидается до 64 латинских букв, цифр, точек, дефисов (например, коммит git)' })),
    /** Next's Server Actions key, the same on every instance: base64 of 16, 24 or 32 bytes. */
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: opt(
      z.string().refine((v) => /^[A-Za-z0-9+/]+=*$/.test(v) && [16, 24, 32].includes(Buffer.from(v, 'base64').length), {
        message: 'ожидается ключ AES в base64 (16, 24 или 32 байта): openssl rand -base64 32',
      }),
    ),
    /** Provider endpoints (default: the real ones); changed only to route through a proxy or in tests. */
    YANDEX_OAUTH_URL: z.preprocess(emptyToUndefined, httpUrl('https://oauth.yandex.ru').default('https://oauth.yandex.ru')),
    YANDEX_LOGIN_URL: z.preprocess(emptyToUndefined, httpUrl('https://login.yandex.ru').default('https://login.yandex.ru')),
    VK_ID_URL: z.preprocess(emptyToUndefined, httpUrl('https://id.vk.com').default('https://id.vk.com')),
  })
  .superRefine((env, ctx) => {
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean)) {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'нужно задать вместе с остальными S3_*' });
      }
    }
    const pairs = [
      ['YANDEX_CLIENT_ID', 'YANDEX_CLIENT_SECRET'],
      ['VK_CLIENT_ID', 'VK_CLIENT_SECRET'],
      ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_NAME'],
    ] as const;
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        const missing = env[a] ? b : a;
        ctx.addIssue({ code: 'custom', path: [missing], message: `нужно задать вместе с ${missing === a ? b : a}` });
      }
    }
    if (env.SMTP_URL && !env.PUBLIC_URL) {
      // Links in letters (password reset, confirmation) must not take their host from a request header.
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'нужно задать вместе с SMTP_URL: ссылки в письмах ведут на этот адрес, а не на присланный в запросе',
      });
    }
    if (env.CAPTCHA_PROVIDER && (!env.CAPTCHA_SITE_KEY || !env.CAPTCHA_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.CAPTCHA_SITE_KEY ? 'CAPTCHA_SECRET' : 'CAPTCHA_SITE_KEY'],
        message: 'нужно задать вместе с CAPTCHA_PROVIDER',
      });
    }
  });

export type Env = z.infer<typeof envSchema> & {
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** Which storage the server uses. */
  storage: 'disk' | 's3';
  database: 'pglite' | 'postgres';
};

/** Variables whose values are never echoed back in an error. */
const SECRET = /SECRET|PASSWORD|TOKEN|KEY|DATABASE_URL|SMTP_URL/;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(
      [
        'Неверные настройки окружения — сервер не запущен. Исправьте переменные и запустите снова:',
        ...problems.map((p) => `  • ${p}`),
        'Список всех переменных и их значения по умолчанию — в README.md, раздел «Переменные окружения».',
      ].join('\n'),
    );
    this.name = 'EnvError';
  }
}

/** Parses an environment; throws EnvError listing every problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '?');
      const raw = source[key];
      const shown = raw === undefined || raw === '' ? '' : SECRET.test(key) ? ' (значение скрыто)' : ` (сейчас: «${raw}»)`;
      return `${key}: ${issue.message}${shown}`;
    });
    throw new EnvError(problems);
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    storage: env.S3_BUCKET ? 's3' : 'disk',
    database: env.DATABASE_URL ? 'postgres' : 'pglite',
  };
}

let cached: Env | undefined;

/** The process's configuration, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
