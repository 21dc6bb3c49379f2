import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { kopToRub, netPrice, normalizeName } from '@/lib/domain/catalog';
import type { CatalogItem, ItemData, PriceOnDate, PriceRow } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { catalogGroups, catalogItems, catalogPrices, companies } from '../../db/schema';
import { ServiceError } from '../../errors';
import { itemVisible } from './pending';

export type ItemRow = typeof catalogItems.$inferSelect;
export type PriceDbRow = typeof catalogPrices.$inferSelect;

export const itemNotFound = () => new ServiceError('NOT_FOUND', 'Позиция номенклатуры не найдена — возможно, её удалили.');
export const itemConflict = (version: number) =>
  new ServiceError('CONFLICT', 'Позицию уже изменили в другом окне или другим пользователем. Обновите карточку и внесите правки снова.', {
    extra: { version },
  });
export const groupNotFound = () => new ServiceError('NOT_FOUND', 'Группа номенклатуры не найдена.');
export const supplierNotFound = (field = 'supplierId') =>
  new ServiceError('VALIDATION_ERROR', 'Поставщик не найден среди ваших компаний.', { fields: { [field]: 'Выберите компанию из «Компаний».' } });

/** The columns an item's data sets (the normalised name goes with the name). */
export const itemColumns = (d: Partial<ItemData>) => ({
  ...(d.name !== undefined ? { name: d.name, nameNorm: normalizeName(d.name) } : {}),
  ...(d.article !== undefined ? { article: d.article } : {}),
  ...(d.groupId !== undefined ? { groupId: d.groupId } : {}),
  ...(d.unit !== undefined ? { unit: d.unit } : {}),
  ...(d.okei !== undefined ? { okei: d.okei } : {}),
  ...(d.type !== undefined ? { type: d.type } : {}),
  ...('wastePct' in d ? { wastePct: d.wastePct ?? null } : {}),
  ...(d.notes !== undefined ? { notes: d.notes } : {}),
  ...('sheetWidthMm' in d ? { sheetWidthMm: d.sheetWidthMm ?? null } : {}),
  ...('sheetHeightMm' in d ? { sheetHeightMm: d.sheetHeightMm ?? null } : {}),
  ...(d.preferredSupplierId !== undefined ? { preferredSupplierId: d.preferredSupplierId } : {}),
  ...(d.archived !== undefined ? { archived: d.archived } : {}),
});

/** A price row as the wire gives it. */
export function priceOnWire(r: PriceDbRow, supplierName: string): PriceRow {
  return {
    id: r.id,
    priceId: r.id,
    itemId: r.itemId,
    supplierId: r.supplierId,
    supplierName,
    price: kopToRub(r.priceKop),
    vatIncluded: r.vatIncluded,
    vatRate: r.vatRate,
    priceNoVat: netPrice(r),
    validFrom: r.validFrom,
    currency: 'RUB',
    importId: r.importId,
    createdAt: r.createdAt.toISOString(),
  };
}

export const priceOnDateWire = (p: PriceRow): PriceOnDate => ({
  priceId: p.id,
  supplierId: p.supplierId,
  supplierName: p.supplierName,
  price: p.price,
  vatIncluded: p.vatIncluded,
  vatRate: p.vatRate,
  priceNoVat: p.priceNoVat,
  validFrom: p.validFrom,
});

/** An item as the wire gives it. */
export function itemOnWire(r: ItemRow, groupName: string | null, price: PriceOnDate | null): CatalogItem {
  return {
    id: r.id,
    name: r.name,
    article: r.article,
    groupId: r.groupId,
    groupName,
    unit: r.unit,
    okei: r.okei,
    type: r.type as CatalogItem['type'],
    wastePct: r.wastePct,
    notes: r.notes,
    sheetWidthMm: r.sheetWidthMm,
    sheetHeightMm: r.sheetHeightMm,
    preferredSupplierId: r.preferredSupplierId,
    archived: r.archived,
    version: r.version,
    pricesChangedAt: r.pricesChangedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    price,
  };
}

/** The owner's item, or undefined (ids of others, and items of a price list still applying, answer exactly like missing ones). */
export async function findItem(db: Db, ownerId: string, id: string): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(catalogItems).where(and(eq(catalogItems.id, id), eq(catalogItems.ownerId, ownerId), itemVisible()));
  return row;
}

/** Names of the owner's groups by id. */
export async function groupNames(db: Db, ownerId: string, ids: (string | null)[]): Promise<Map<string, string>> {
  const want = [...new Set(ids.filter((x): x is string => !!x))];
  if (!want.length) return new Map();
  const rows = await db
    .select({ id: catalogGroups.id, name: catalogGroups.name })
    .from(catalogGroups)
    .where(and(eq(catalogGroups.ownerId, ownerId), inArray(catalogGroups.id, want)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The group and supplier an item's data points at belong to the owner (else 422 naming the field). */
export async function checkRefs(db: Db, ownerId: string, d: { groupId?: string | null; preferredSupplierId?: string | null }) {
  if (d.groupId) {
    const [g] = await db.select({ id: catalogGroups.id }).from(catalogGroups).where(and(eq(catalogGroups.id, d.groupId), eq(catalogGroups.ownerId, ownerId)));
    if (!g) throw new ServiceError('VALIDATION_ERROR', 'Группа не найдена.', { fields: { groupId: 'Выберите группу из списка.' } });
  }
  if (d.preferredSupplierId) await checkSupplier(db, ownerId, d.preferredSupplierId, 'preferredSupplierId');
}

export async function checkSupplier(db: Db, ownerId: string, id: string, field = 'supplierId'): Promise<string> {
  const [c] = await db
    .select({ shortName: companies.shortName, fullName: companies.fullName })
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.ownerId, ownerId)));
  if (!c) throw supplierNotFound(field);
  return c.shortName || c.fullName;
}
