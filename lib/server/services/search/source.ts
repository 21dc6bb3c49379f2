import 'server-only';
import type { SQL } from 'drizzle-orm';
import type { Forms } from '@/lib/domain/format/plural';
import type { Db } from '../../db/client';
import type { Match } from './match';

/** A found row as a source's SQL gives it (the runner adds `kind`, `total` and the folder's name). */
export interface SourceRow {
  id: string;
  title: string;
  /** What the source put there for its item's second line (digits, a count, a group…). */
  subtitle: string;
  /** Source-specific: which page opens it (a file's type, `custom`…). */
  ref: string;
  /** The name of the caller's own folder holding the object (file-manager sources), else null. */
  folder_name: string | null;
}

/**
 * One kind of result. Its SQL selects exactly `id, title, subtitle, ref, folder, rank` (all text but `rank`
 * float8, `folder` — a file-manager folder id or null) of the rows the caller may read that `m` finds; the
 * runner ranks, limits and counts. Adding a kind = a file in ./sources and its line in ./sources/index.ts.
 */
export interface SearchSource {
  kind: string;
  /** The group's title: «Спецификации». */
  label: string;
  /** The noun after a count: «1 спецификация», «3 спецификации», «5 спецификаций». */
  forms: Forms;
  /** primeicons class of the group. */
  icon: string;
  /** Work done once before the source's first query (e.g. caching what the database makes of constant data). */
  prepare?(db: Db): Promise<void>;
  rows(m: Match, userId: string): SQL;
  /** Where the item opens and its second line. */
  present(row: SourceRow): { href: string; subtitle: string };
}
