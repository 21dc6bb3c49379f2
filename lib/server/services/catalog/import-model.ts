import 'server-only';
import { and, count, eq, sql } from 'drizzle-orm';
import type { ImportMapping, ImportState, ImportSummary } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { catalogImportRows, catalogImports } from '../../db/schema';
import { ServiceError } from '../../errors';
import { APPLY_INTERRUPTED } from './pending';

export type ImportDbRow = typeof catalogImports.$inferSelect;

export const importNotFound = () => new ServiceError('NOT_FOUND', 'Импорт не найден.');
export const importState = (msg: string) => new ServiceError('IMPORT_STATE', msg);
export const notReady = () => importState('Проверять строки можно, когда предпросмотр готов и ещё не применён.');

/**
 * First statement of a transaction that changes the review of an import: locks its row while it is `ready` (false
 * otherwise). An apply claims the import only after that transaction, so its batches never meet a change of the rows.
 */
export async function holdReady(tx: Db, importId: string): Promise<boolean> {
  const [held] = await tx
    .update(catalogImports)
    .set({ version: sql`${catalogImports.version}` })
    .where(and(eq(catalogImports.id, importId), eq(catalogImports.state, 'ready')))
    .returning({ id: catalogImports.id });
  return !!held;
}

/** The owner's import without its file bytes. */
export async function findImport(db: Db, ownerId: string, id: string): Promise<Omit<ImportDbRow, 'data'>> {
  const { data: _data, ...cols } = catalogImports;
  void _data;
  const [row] = await db
    .select({
      id: cols.id,
      ownerId: cols.ownerId,
      supplierId: cols.supplierId,
      fileName: cols.fileName,
      format: cols.format,
      state: cols.state,
      options: cols.options,
      progressDone: cols.progressDone,
      progressTotal: cols.progressTotal,
      summary: cols.summary,
      error: cols.error,
      version: cols.version,
      createdAt: cols.createdAt,
      appliedAt: cols.appliedAt,
      undoneAt: cols.undoneAt,
    })
    .from(catalogImports)
    .where(and(eq(catalogImports.id, id), eq(catalogImports.ownerId, ownerId)));
  if (!row) throw importNotFound();
  return row;
}

/** An apply still `applying` after this long is taken as lost with its process (its rows stay unseen; applying again removes them first). */
export const APPLY_LOST_AFTER_MIN = 30;

const applyLost = (r: Omit<ImportDbRow, 'data'>) => {
  const started = Date.parse(String(r.options.applyStartedAt ?? ''));
  return r.state === 'applying' && !(Date.now() - started < APPLY_LOST_AFTER_MIN * 60_000);
};

/** What applying did: price rows written, items and groups created (null until applied). */
const appliedOf = (r: Omit<ImportDbRow, 'data'>) => {
  const a = r.options.applied as { prices?: unknown; created?: unknown; groups?: unknown } | null | undefined;
  return r.state === 'applied' && a ? { prices: Number(a.prices), created: Number(a.created), groups: Number(a.groups ?? 0) } : null;
};

export const importOnWire = (r: Omit<ImportDbRow, 'data'>) => ({
  importId: r.id,
  supplierId: r.supplierId,
  fileName: r.fileName,
  format: r.format,
  state: (applyLost(r) ? 'ready' : r.state) as ImportState,
  done: r.progressDone,
  total: r.progressTotal,
  summary: r.summary ?? null,
  error: applyLost(r) ? APPLY_INTERRUPTED : r.error,
  applied: appliedOf(r),
  createdAt: r.createdAt.toISOString(),
  appliedAt: r.appliedAt?.toISOString() ?? null,
  undoneAt: r.undoneAt?.toISOString() ?? null,
});

/** Counts of the import's rows by status. */
export async function summaryOf(db: Db, importId: string): Promise<ImportSummary> {
  const rows = await db
    .select({ status: catalogImportRows.status, n: count() })
    .from(catalogImportRows)
    .where(eq(catalogImportRows.importId, importId))
    .groupBy(catalogImportRows.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const s: ImportSummary = {
    total: 0,
    changed: by.changed ?? 0,
    unchanged: by.unchanged ?? 0,
    uncertain: by.uncertain ?? 0,
    new: by.new ?? 0,
    errors: by.error ?? 0,
    skip: by.skip ?? 0,
  };
  s.total = s.changed + s.unchanged + s.uncertain + s.new + s.errors + s.skip;
  return s;
}

export const FIELD_TITLES: Record<keyof ImportMapping, string> = {
  article: 'Артикул',
  name: 'Наименование',
  unit: 'Ед. изм.',
  price: 'Цена',
  vatRate: 'Ставка НДС',
  group: 'Группа',
  type: 'Тип',
};

const GUESS: [keyof ImportMapping, RegExp][] = [
  ['article', /артикул|^код|article|sku/i],
  ['price', /цена|стоимост|price/i],
  ['vatRate', /ндс|vat/i],
  ['unit', /^ед|единиц|unit/i],
  ['group', /групп|категор|раздел/i],
  ['type', /^тип|^вид (позиц|номенкл|товар|ресурс)/i],
  ['name', /наимен|назван|товар|номенклат|name|материал/i],
];

/** A mapping guessed from the header row (each field the first column whose title looks like it). */
export function guessMapping(header: string[]): Partial<ImportMapping> {
  const out: Partial<Record<keyof ImportMapping, number>> = {};
  const taken = new Set<number>();
  for (const [field, re] of GUESS) {
    const i = header.findIndex((h, k) => !taken.has(k) && re.test(h));
    if (i >= 0) {
      out[field] = i;
      taken.add(i);
    }
  }
  return out as Partial<ImportMapping>;
}
