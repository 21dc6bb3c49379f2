import sample from '../data/mail.json';

export type Folder = 'inbox' | 'sent' | 'archived' | 'spam' | 'trash';
export type View = Folder | 'starred' | 'important';

export interface Person {
  name: string;
  email: string;
}
export interface Letter {
  id: string;
  from: Person;
  to: Person;
  subject: string;
  body: string;
  /** ISO moment. */
  date: string;
  folder: Folder;
  /** The folder a letter in the trash came from (restore puts it back there). */
  trashedFrom?: Folder;
  starred: boolean;
  important: boolean;
  read: boolean;
}
export interface MailData {
  letters: Letter[];
}

export const MAIL_SAMPLE = sample as MailData;
export const MAIL_KEY = 'mail';
export const ME: Person = { name: 'Вы', email: 'demo@kalkulus.example' };

export const VIEWS: { view: View; label: string; icon: string }[] = [
  { view: 'inbox', label: 'Входящие', icon: 'pi pi-inbox' },
  { view: 'starred', label: 'Помеченные', icon: 'pi pi-star' },
  { view: 'important', label: 'Важные', icon: 'pi pi-bookmark' },
  { view: 'sent', label: 'Отправленные', icon: 'pi pi-send' },
  { view: 'archived', label: 'Архив', icon: 'pi pi-box' },
  { view: 'spam', label: 'Спам', icon: 'pi pi-ban' },
  { view: 'trash', label: 'Корзина', icon: 'pi pi-trash' },
];
export const viewLabel = (v: View) => VIEWS.find((x) => x.view === v)?.label ?? '';

const live = (l: Letter) => l.folder !== 'spam' && l.folder !== 'trash';

/** The letters a view shows, newest first. */
export function lettersIn(letters: readonly Letter[], view: View): Letter[] {
  const pick =
    view === 'starred' ? (l: Letter) => l.starred && live(l) : view === 'important' ? (l: Letter) => l.important && live(l) : (l: Letter) => l.folder === view;
  return letters.filter(pick).sort((a, b) => b.date.localeCompare(a.date));
}

export const unreadIn = (letters: readonly Letter[], view: View) => lettersIn(letters, view).filter((l) => !l.read).length;

export type MailAction = 'read' | 'unread' | 'star' | 'unstar' | 'important' | 'unimportant' | 'archive' | 'spam' | 'trash' | 'restore' | 'purge';

/** Applies an action to the letters with the given ids (bulk and single actions alike). */
export function applyAction(letters: readonly Letter[], ids: ReadonlySet<string>, action: MailAction): Letter[] {
  if (action === 'purge') return letters.filter((l) => !(ids.has(l.id) && l.folder === 'trash'));
  return letters.map((l) => {
    if (!ids.has(l.id)) return l;
    switch (action) {
      case 'read':
      case 'unread':
        return { ...l, read: action === 'read' };
      case 'star':
      case 'unstar':
        return { ...l, starred: action === 'star' };
      case 'important':
      case 'unimportant':
        return { ...l, important: action === 'important' };
      case 'archive':
        return l.folder === 'sent' ? l : { ...l, folder: 'archived', trashedFrom: undefined };
      case 'spam':
        return l.folder === 'sent' ? l : { ...l, folder: 'spam', trashedFrom: undefined };
      case 'trash':
        return l.folder === 'trash' ? l : { ...l, folder: 'trash', trashedFrom: l.folder };
      case 'restore':
        return l.folder === 'trash' ? { ...l, folder: l.trashedFrom ?? 'inbox', trashedFrom: undefined } : { ...l, folder: l.from.email === ME.email ? 'sent' : 'inbox' };
      default:
        return l;
    }
  });
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
export interface Draft {
  to: string;
  subject: string;
  body: string;
}
export type DraftErrors = Partial<Record<keyof Draft, string>>;

export function checkDraft(d: Draft): DraftErrors {
  const e: DraftErrors = {};
  if (!d.to.trim()) e.to = 'Укажите адрес получателя.';
  else if (!EMAIL.test(d.to.trim())) e.to = 'Введите один адрес вида name@example.ru.';
  if (!d.subject.trim()) e.subject = 'Введите тему письма.';
  else if (d.subject.length > 200) e.subject = 'Тема — не длиннее 200 символов.';
  if (!d.body.trim()) e.body = 'Напишите текст письма.';
  else if (d.body.length > 20000) e.body = 'Текст — не длиннее 20 000 символов.';
  return e;
}

/** The draft of a reply: to the sender, «Re: тема», the letter quoted below. */
export function replyDraft(l: Letter, when: string): Draft {
  const subject = /^re:/i.test(l.subject) ? l.subject : `Re: ${l.subject}`;
  const quoted = l.body
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return { to: l.from.email === ME.email ? l.to.email : l.from.email, subject, body: `\n\n${when}, ${l.from.name} пишет:\n${quoted}` };
}
