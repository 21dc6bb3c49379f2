import type { MaterialArticle, MaterialLine } from '@/lib/domain/cost';
import { areaToSheets, lineVatOf, sheetAreaM2, sheetsToArea } from '@/lib/domain/catalog';
import { formatDecimalText, parseDecimal } from '@/lib/domain/money';
import type { CatalogItem, ItemType } from '@/lib/schemas/catalog';

/** The cost article a catalogue item's type goes to (services bought outside — with purchased goods). */
const ARTICLE_OF: Record<ItemType, MaterialArticle> = { material: 'materials', purchased: 'purchased', energy: 'energy', service: 'purchased' };

/** True when the item is a sheet material (it carries both sides of its sheet). */
export const isSheet = (item: Pick<CatalogItem, 'sheetWidthMm' | 'sheetHeightMm'>): boolean => Boolean(item.sheetWidthMm && item.sheetHeightMm);

/**
 * The change of a specification line when a catalogue item is picked: the line follows the item (name, unit,
 * article, its price on today's date as the supplier gave it, with its VAT basis and rate); an empty waste % takes the
 * item's default; a sheet material is entered in sheets from then on. A semi-finished link is dropped.
 */
export function lineFromItem(line: MaterialLine, item: CatalogItem): Partial<MaterialLine> {
  const patch: Partial<MaterialLine> = {
    itemId: item.id,
    specId: undefined,
    name: item.name,
    unit: item.unit,
    article: ARTICLE_OF[item.type],
  };
  if (item.price) {
    patch.price = formatDecimalText(item.price.price);
    Object.assign(patch, lineVatOf(item.price));
  }
  if (!line.wastePct?.trim() && item.wastePct) patch.wastePct = formatDecimalText(item.wastePct);
  if (isSheet(item) && !line.sheet) patch.sheet = { by: 'sheets', sheets: item.unit === 'лист' ? line.qty : '', utilisationPct: '100' };
  if (!isSheet(item)) patch.sheet = undefined;
  return patch;
}

/** Unlinks a line from the catalogue: it stays as free text with the figures it has. */
export const unlinkItem = (): Partial<MaterialLine> => ({ itemId: undefined, sheet: undefined });

export type SheetEntry = NonNullable<MaterialLine['sheet']>;
type Sides = { sheetWidthMm: string; sheetHeightMm: string };

const num = (v: string | undefined) => {
  const r = parseDecimal(v ?? '');
  return r.ok ? r.value : null;
};

/**
 * A sheet line's figures: sheets and useful м² (one entered, the other derived by the utilisation %) and the
 * line's quantity in its unit — sheets for «лист», the sheets' whole area for «м²». `error` (Russian) when the
 * entry cannot be worked out.
 */
export function sheetFigures(entry: SheetEntry, sides: Sides, unit: string): { sheets: string; areaM2: string; qty: string } | { error: string } {
  const util = entry.utilisationPct?.trim() ? num(entry.utilisationPct) : num('100');
  if (!util || util.lte(0) || util.gt(100)) return { error: 'Использование листа — от 0 до 100 %.' };
  const w = sides.sheetWidthMm;
  const h = sides.sheetHeightMm;
  let sheets: string;
  let areaM2: string;
  if (entry.by === 'sheets') {
    const n = num(entry.sheets);
    if (!n || n.isNegative()) return { error: 'Введите число листов.' };
    sheets = n.toFixed();
    areaM2 = sheetsToArea(n, w, h, util);
  } else {
    const a = num(entry.areaM2);
    if (!a || a.isNegative()) return { error: 'Введите площадь, м².' };
    areaM2 = a.toFixed();
    sheets = areaToSheets(a, w, h, util).sheets;
  }
  const qty = unit === 'м²' ? sheetAreaM2(w, h).times(sheets).toDecimalPlaces(4).toFixed() : sheets;
  return { sheets, areaM2, qty };
}
