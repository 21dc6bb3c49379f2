/** Units of measure for specifications (ОКЕИ, ОК 015-94): code, short name, name. */
export interface OkeiUnit {
  code: string;
  short: string;
  name: string;
}

export const OKEI_UNITS: readonly OkeiUnit[] = [
  { code: '796', short: 'шт', name: 'Штука' },
  { code: '166', short: 'кг', name: 'Килограмм' },
  { code: '163', short: 'г', name: 'Грамм' },
  { code: '168', short: 'т', name: 'Тонна' },
  { code: '112', short: 'л', name: 'Литр' },
  { code: '111', short: 'мл', name: 'Миллилитр' },
  { code: '006', short: 'м', name: 'Метр' },
  { code: '018', short: 'пог. м', name: 'Погонный метр' },
  { code: '003', short: 'мм', name: 'Миллиметр' },
  { code: '004', short: 'см', name: 'Сантиметр' },
  { code: '055', short: 'м²', name: 'Квадратный метр' },
  { code: '113', short: 'м³', name: 'Кубический метр' },
  { code: '245', short: 'кВт·ч', name: 'Киловатт-час' },
  { code: '356', short: 'ч', name: 'Час' },
  { code: '355', short: 'мин', name: 'Минута' },
  { code: '839', short: 'компл', name: 'Комплект' },
  { code: '778', short: 'упак', name: 'Упаковка' },
  { code: '715', short: 'пар', name: 'Пара' },
  { code: '736', short: 'рул', name: 'Рулон' },
  { code: '625', short: 'лист', name: 'Лист' },
  { code: '704', short: 'набор', name: 'Набор' },
  { code: '359', short: 'сут', name: 'Сутки' },
];

/** The ОКЕИ code of a short name, if it is one of the list. */
export const okeiCodeOf = (short: string): string | undefined => OKEI_UNITS.find((u) => u.short === short)?.code;

/**
 * How units are written in price lists and other people's files, by the ОКЕИ short name they mean: «м2», «кв.м» →
 * «м²»; «м.п.», «пог.м» → «пог. м»; «пара» → «пар». Compared lower-case, without spaces and a trailing dot.
 */
const SYNONYMS: Record<string, readonly string[]> = {
  шт: ['шт', 'штук', 'штука', 'штуки', 'pcs', 'pc'],
  кг: ['кг', 'килограмм', 'kg'],
  г: ['г', 'гр', 'грамм'],
  т: ['т', 'тн', 'тонна'],
  л: ['л', 'литр', 'литров'],
  мл: ['мл', 'миллилитр'],
  м: ['м', 'метр', 'метров', 'm'],
  'пог. м': ['пог.м', 'погм', 'м.п', 'мп', 'м/п', 'п.м', 'пм', 'погонныйметр', 'м.пог'],
  мм: ['мм', 'миллиметр'],
  см: ['см', 'сантиметр'],
  'м²': ['м²', 'м2', 'м^2', 'кв.м', 'квм', 'м.кв', 'мкв', 'квадратныйметр', 'm2'],
  'м³': ['м³', 'м3', 'м^3', 'куб.м', 'кубм', 'м.куб', 'кубическийметр', 'm3'],
  'кВт·ч': ['квт·ч', 'квт*ч', 'квтч', 'квт.ч', 'квт-ч', 'kwh'],
  ч: ['ч', 'час', 'часов'],
  мин: ['мин', 'минута', 'минут'],
  компл: ['компл', 'комплект', 'кмп', 'к-т', 'кт'],
  упак: ['упак', 'уп', 'упаковка'],
  пар: ['пар', 'пара', 'пары'],
  рул: ['рул', 'рулон'],
  лист: ['лист', 'листов', 'листа'],
  набор: ['набор', 'наб'],
  сут: ['сут', 'сутки'],
};
const BY_SPELLING = new Map(Object.entries(SYNONYMS).flatMap(([short, spellings]) => spellings.map((s) => [s, short] as const)));

/**
 * A unit as the catalogue keeps it: the ОКЕИ short name and code of a unit written any usual way («м2» → «м²»,
 * 055), else the text as written (trimmed) with no code.
 */
export function normalizeUnit(text: string): { unit: string; okei: string } {
  const t = text.trim();
  const key = t.toLowerCase().replace(/\s+/g, '').replace(/\.$/, '');
  const short = BY_SPELLING.get(key) ?? OKEI_UNITS.find((u) => u.short.toLowerCase() === t.toLowerCase())?.short;
  return short ? { unit: short, okei: okeiCodeOf(short) ?? '' } : { unit: t, okei: '' };
}
