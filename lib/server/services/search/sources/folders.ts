import 'server-only';
import { sql } from 'drizzle-orm';
import type { SearchSource } from '../source';
import { placeOf, typeOf, visibleFiles } from './visible-files';

const OPENED_IN: Record<string, { path: string; top: string }> = {
  documents: { path: '/documents/folder/', top: 'Мои документы' },
  specifications: { path: '/specifications/folder/', top: 'Спецификации' },
  templates: { path: '/documents/templates/folder/', top: 'Шаблоны' },
};

/** Folders of documents, specifications and templates, opened in their file manager. */
export const foldersSource: SearchSource = {
  kind: 'folders',
  label: 'Папки',
  forms: ['папка', 'папки', 'папок'],
  icon: 'pi pi-folder',
  rows: (m, userId) => visibleFiles(m, userId, sql`o.kind = 'folder'`),
  present: (row) => {
    const place = OPENED_IN[typeOf(row.ref)] ?? OPENED_IN.documents!;
    return { href: `${place.path}${encodeURIComponent(row.id)}`, subtitle: placeOf(row, place.top) };
  },
};
