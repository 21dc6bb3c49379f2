import 'server-only';
import { sql } from 'drizzle-orm';
import type { SearchSource } from '../source';
import { placeOf, visibleFiles } from './visible-files';

/** Specifications: file-manager files of type `specifications`, opened in the editor. */
export const specificationsSource: SearchSource = {
  kind: 'specifications',
  label: 'Спецификации',
  forms: ['спецификация', 'спецификации', 'спецификаций'],
  icon: 'pi pi-table',
  rows: (m, userId) => visibleFiles(m, userId, sql`o.type = 'specifications' and o.kind = 'file'`),
  present: (row) => ({ href: `/specifications/create/${encodeURIComponent(row.id)}`, subtitle: placeOf(row, 'Спецификации') }),
};
