import 'server-only';
import { sql } from 'drizzle-orm';
import type { SearchSource } from '../source';
import { placeOf, typeOf, visibleFiles } from './visible-files';

/** Documents: files of «Мои документы» and of «Шаблоны» (a DOCX template opens its form). */
export const documentsSource: SearchSource = {
  kind: 'documents',
  label: 'Документы',
  forms: ['документ', 'документа', 'документов'],
  icon: 'pi pi-file',
  rows: (m, userId) => visibleFiles(m, userId, sql`o.type in ('documents', 'templates') and o.kind = 'file'`),
  present: (row) => {
    const template = typeOf(row.ref) === 'templates';
    const id = encodeURIComponent(row.id);
    return {
      href: template && /\.docx$/i.test(row.title) ? `/file/from-template/${id}` : `/file/${id}`,
      subtitle: placeOf(row, template ? 'Шаблоны' : 'Мои документы'),
    };
  },
};
