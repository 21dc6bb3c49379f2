import { z } from './classic';
import { line } from './text';
import { isNotyLink, NOTY_LIMITS } from '@/lib/domain/noty/kinds';

/** Notification wire shapes (the noty service), shared by the server and the browser. */

/** One notification as every call and the stream send it. */
export interface NotificationItem {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

const id = z.number({ message: 'Номер уведомления — целое число.' }).int().positive();

export const notyListInput = z
  .object({
    unreadOnly: z.boolean().optional(),
    limit: z.number().int().min(1).max(100).optional(),
    /** Only notifications older than this one (the next page). */
    before: id.optional(),
  })
  .strict();

export const notyMarkReadInput = z
  .object({
    ids: z.array(id).max(500).optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .refine((x) => (x.ids === undefined) !== (x.all === undefined), {
    message: 'Укажите номера уведомлений (ids) или всё сразу (all: true).',
  });

export const notyStreamInput = z
  .object({
    /** The id of the last event seen, for a client that cannot set the `Last-Event-ID` header on its first connection. */
    lastEventId: z.string().regex(/^\d{1,15}$/, 'Номер события — целое число.').optional(),
  })
  .strict();

const kind = z.string().regex(/^[a-z][a-z0-9_.-]{0,49}$/, 'Вид уведомления — латинские буквы, цифры, «_», «.», «-» (до 50).');

export const notySendInput = z
  .object({
    login: z.string().trim().min(1).max(320).optional(),
    userId: z.string().min(1).max(200).optional(),
    kind,
    title: line(NOTY_LIMITS.title, 'Введите заголовок.'),
    body: z.string().max(NOTY_LIMITS.body).optional(),
    link: z.string().max(NOTY_LIMITS.link).refine(isNotyLink, 'Ссылка — путь на этом сайте (/…) или адрес http(s).').optional(),
  })
  .strict()
  .refine((x) => (x.login === undefined) !== (x.userId === undefined), {
    message: 'Укажите получателя: login или userId.',
  });

export const notySaveSettingsInput = z
  .object({
    /** Kinds switched off; every other kind is on. */
    muted: z.array(kind).max(50),
  })
  .strict();
