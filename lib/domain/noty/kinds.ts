/**
 * Kinds of notifications the product itself sends, with the names the profile panel shows next to their
 * switches. A service calling `private/send` may use other kinds: those cannot be switched off.
 */
export const NOTY_KINDS = [
  { kind: 'share', label: 'Со мной поделились файлом или папкой' },
  { kind: 'upload', label: 'Загрузка файла завершилась или не удалась' },
  { kind: 'spec_stale', label: 'Изменилась спецификация, которую я использую как полуфабрикат' },
  { kind: 'process_changed', label: 'Изменился набор процессов моей спецификации' },
  { kind: 'course_done', label: 'Курс обучения пройден' },
  { kind: 'new_device', label: 'Вход с нового устройства' },
] as const;

export type NotyKind = (typeof NOTY_KINDS)[number]['kind'];

export const isNotyKind = (kind: string): kind is NotyKind => NOTY_KINDS.some((k) => k.kind === kind);

/** Longest title, body and link a notification keeps (the whole object travels in one database signal). */
export const NOTY_LIMITS = { title: 200, body: 1000, link: 1000 } as const;

/** A link a notification may carry: a path of this site (`/files/…`) or an http(s) address. */
export const isNotyLink = (link: string): boolean => link === '' || /^\/(?![/\\])/.test(link) || /^https?:\/\/[^\s/]+/i.test(link);

/** «(3) Файлы — Калькулус»: the tab title with the unread count in front (none when nothing is unread). */
export function titleWithUnread(title: string, unread: number): string {
  const bare = title.replace(/^\(\d+\+?\) /, '');
  if (unread <= 0) return bare;
  return `(${unread > 99 ? '99+' : unread}) ${bare}`;
}
