import 'server-only';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { outbox } from '../../db/schema';
import { log } from '../../log';

export interface Message {
  to: string;
  subject: string;
  text: string;
}

type Transport = { sendMail(m: { from: string; to: string; subject: string; text: string }): Promise<unknown> };
const transports = new Map<string, Promise<Transport>>();

async function transportFor(url: string): Promise<Transport> {
  let t = transports.get(url);
  if (!t) {
    t = import('nodemailer').then((m) => m.createTransport(url) as unknown as Transport);
    transports.set(url, t);
  }
  return t;
}

/**
 * Sends a letter: over SMTP when SMTP_URL is set, always recorded in the outbox table; without SMTP the
 * server log says where it went (never the link or code itself outside the outbox).
 */
export async function sendMail(ctx: AppContext, msg: Message): Promise<void> {
  const [row] = await ctx.db
    .insert(outbox)
    .values({ channel: 'email', recipient: msg.to, subject: msg.subject, body: msg.text })
    .returning({ id: outbox.id });
  const url = ctx.env.SMTP_URL;
  if (!url) {
    log.info(`mail "${msg.subject}" to ${msg.to} written to the outbox (no SMTP_URL), id ${row?.id}`);
    return;
  }
  try {
    const transport = await transportFor(url);
    await transport.sendMail({ from: ctx.env.SMTP_FROM, to: msg.to, subject: msg.subject, text: msg.text });
    if (row) await ctx.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
  } catch (err) {
    log.error(`mail to ${msg.to} failed`, err);
    if (row) await ctx.db.update(outbox).set({ error: String(err).slice(0, 500) }).where(eq(outbox.id, row.id));
  }
}

/** SMS through the pluggable sender; the embedded sender is the outbox. */
export async function sendSms(ctx: AppContext, to: string, text: string): Promise<void> {
  await ctx.db.insert(outbox).values({ channel: 'sms', recipient: to, subject: 'SMS', body: text });
  log.info(`sms to ${to.slice(0, 4)}… written to the outbox`);
}

/** Absolute link into the site (PUBLIC_URL, else the request's own origin). */
export function siteUrl(ctx: AppContext, req: Request, path: string): string {
  const base = ctx.env.PUBLIC_URL ?? new URL(req.url).origin;
  return new URL(path, base.endsWith('/') ? base : `${base}/`).toString();
}

const sign = (ctx: AppContext) => `\n\n— ${ctx.env.PRODUCT_NAME}\nЕсли вы не запрашивали это письмо, просто удалите его.`;

export const templates = {
  confirmEmail: (ctx: AppContext, link: string): Omit<Message, 'to'> => ({
    subject: `Подтверждение почты — ${ctx.env.PRODUCT_NAME}`,
    text: `Здравствуйте!\n\nЧтобы подтвердить адрес электронной почты, откройте ссылку:\n${link}\n\nСсылка действует 1 час и срабатывает один раз.${sign(ctx)}`,
  }),
  resetPassword: (ctx: AppContext, link: string): Omit<Message, 'to'> => ({
    subject: `Сброс пароля — ${ctx.env.PRODUCT_NAME}`,
    text: `Здравствуйте!\n\nЧтобы задать новый пароль, откройте ссылку:\n${link}\n\nСсылка действует 1 час и срабатывает один раз. После смены пароля все сеансы будут завершены.${sign(ctx)}`,
  }),
  confirmCode: (ctx: AppContext, code: string): Omit<Message, 'to'> => ({
    subject: `Код подтверждения — ${ctx.env.PRODUCT_NAME}`,
    text: `Здравствуйте!\n\nВаш код подтверждения: ${code}\n\nКод действует 1 час.${sign(ctx)}`,
  }),
  changeEmail: (ctx: AppContext, link: string): Omit<Message, 'to'> => ({
    subject: `Смена почты — ${ctx.env.PRODUCT_NAME}`,
    text: `Здравствуйте!\n\nВы попросили сменить адрес входа на этот. Чтобы подтвердить, откройте ссылку:\n${link}\n\nСсылка действует 1 час и срабатывает один раз.${sign(ctx)}`,
  }),
};
