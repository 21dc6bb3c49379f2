import { isNotyLink, NOTY_LIMITS } from '@/lib/domain/noty/kinds';
import { line } from './text';
import * as z from './zod';

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

const id = z.int({ message: 'Номер уведомления — целое число.' }).check(z.positive());

export const notyListInput = z.strictObject({
  unreadOnly: z.optional(z.boolean()),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  /** Only notifications older than this one (the next page). */
  before: z.optional(id),
});

export const notyMarkReadInput = z
  .strictObject({
    ids: z.optional(z.array(id).check(z.maxLength(500))),
    all: z.optional(z.literal(true)),
  })
  .check(
    z.refine((x) => (x.ids === undefined) !== (x.all === undefined), {
      message: 'Укажите номера уведомлений (ids) или всё сразу (all: true).',
    }),
  );

export const notyStreamInput = z.strictObject({
  /** The id of the last event seen, for a client that cannot set the `Last-Event-ID` header on its first connection. */
  lastEventId: z.optional(z.string().check(z.regex(/^\d{1,15}$/, 'Номер события — целое число.'))),
});

const kind = z.string().check(z.regex(/^[a-z][a-z0-9_.-]{0,49}$/, 'Вид уведомления — латинские буквы, цифры, «_», «.», «-» (до 50).'));

export const notySendInput = z
  .strictObject({
    login: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(320))),
    userId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    kind,
    title: line(NOTY_LIMITS.title, 'Введите заголовок.'),
    body: z.optional(z.string().check(z.maxLength(NOTY_LIMITS.body))),
    link: z.optional(
      z.string().check(z.maxLength(NOTY_LIMITS.link), z.refine(isNotyLink, 'Ссылка — путь на этом сайте (/…) или адрес http(s).')),
    ),
  })
  .check(
    z.refine((x) => (x.login === undefined) !== (x.userId === undefined), {
      message: 'Укажите получателя: login или userId.',
    }),
  );

export const notySaveSettingsInput = z.strictObject({
  /** Kinds switched off; every other kind is on. */
  muted: z.array(kind).check(z.maxLength(50)),
});
