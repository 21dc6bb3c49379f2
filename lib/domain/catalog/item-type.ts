/**
 * Types of a catalogue item and how a price list writes them. A supplier's «Тип» column says «Материалы»,
 * «ПКИ», «Комплектующие», «Работы», «Электроэнергия»…: each is read as one of the four types by its stem, case,
 * «ё» and punctuation aside.
 */

export const ITEM_TYPES = ['material', 'purchased', 'energy', 'service'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const ITEM_TYPE_TITLES: Record<ItemType, string> = {
  material: 'Материал',
  purchased: 'Покупное изделие',
  energy: 'Энергия',
  service: 'Услуга',
};

/**
 * Stems of each type, tried in this order on the text and on each of its words: «покупной материал» is a purchased
 * item, «материалы и сырьё» a material. A whole-text stem (`^…$`) is an abbreviation that must stand alone.
 */
const SYNONYMS: [ItemType, RegExp][] = [
  ['purchased', /^(покупн|комплектующ|пки$|полуфабрикат|п\/ф$|пф$|товар|purchased)/],
  ['service', /^(услуг|работ|сервис|service)/],
  ['energy', /^(энерг|электроэнерг|теплоэнерг|тепло$|электричеств|топлив|э\/э$|энергоресурс|energy)/],
  ['material', /^(материал|сырь|мат$|material)/],
];

const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[«»"'().,;:!?]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The item type a price list cell names: `null` for an empty cell, `undefined` when the text is none of the types
 * («Фурнитура» is a group, not a type).
 */
export function readItemType(text: string): ItemType | null | undefined {
  const t = norm(text);
  if (!t) return null;
  for (const [type, title] of Object.entries(ITEM_TYPE_TITLES) as [ItemType, string][]) if (norm(title) === t) return type;
  for (const [type, re] of SYNONYMS) if (re.test(t)) return type;
  const words = t.split(' ');
  for (const [type, re] of SYNONYMS) if (words.some((w) => re.test(w))) return type;
  return undefined;
}
