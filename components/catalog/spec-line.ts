import type { MaterialArticle, MaterialLine } from '@/lib/domain/cost';
import { areaToSheets, lineVatOf, sheetAreaM2, sheetsToArea } from '@/lib/domain/catalog';
import { Dec, formatDecimalText, parseDecimal } from '@/lib/domain/money';
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
  if (isSheet(item) && !line.sheet) patch.sheet = sheetEntryOf(line.qty, item.unit);
  if (!isSheet(item)) patch.sheet = undefined;
  return patch;
}

/**
 * The sheet entry a line starts with when a sheet material is picked: the quantity it has, as typed, in the
 * item's unit (sheets for «лист», the area for «м²» at full use of the sheet), so the dialog proposes exactly it.
 */
function sheetEntryOf(qty: string, unit: string): NonNullable<MaterialLine['sheet']> {
  if (unit === 'м²') return { by: 'area', areaM2: qty, utilisationPct: '100' };
  return { by: 'sheets', sheets: unit === 'лист' ? qty : '', utilisationPct: '100' };
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
 * line's quantity in its unit — sheets for «лист», the sheets' whole area for «м²». A figure entered in the line's
 * own unit goes into the line exactly as typed (0,62 м² at full use of the sheet is 0,62 м², not the area of
 * 0,1070 sheet); only a derived one is rounded (4 places). `error` (Russian) when the entry cannot be worked out.
 */
export function sheetFigures(entry: SheetEntry, sides: Sides, unit: string): { sheets: string; areaM2: string; qty: string } | { error: string } {
  const util = entry.utilisationPct?.trim() ? num(entry.utilisationPct) : num('100');
  if (!util || util.lte(0) || util.gt(100)) return { error: 'Использование листа — от 0 до 100 %.' };
  const w = sides.sheetWidthMm;
  const h = sides.sheetHeightMm;
  const round = (d: ReturnType<typeof sheetAreaM2>) => d.toDecimalPlaces(4, Dec.ROUND_HALF_UP).toFixed();
  if (entry.by === 'sheets') {
    const n = num(entry.sheets);
    if (!n || n.isNegative()) return { error: 'Введите число листов.' };
    const sheets = n.toFixed();
    return { sheets, areaM2: sheetsToArea(n, w, h, util), qty: unit === 'м²' ? round(sheetAreaM2(w, h).times(n)) : sheets };
  }
  const a = num(entry.areaM2);
  if (!a || a.isNegative()) return { error: 'Введите площадь, м².' };
  const sheets = areaToSheets(a, w, h, util).sheets;
  // The whole area of the sheets bought: the parts' area ÷ the utilisation — the typed area itself at 100 %.
  const qty = unit === 'м²' ? (util.eq(100) ? a.toFixed() : round(a.times(100).div(util))) : sheets;
  return { sheets, areaM2: a.toFixed(), qty };
}
