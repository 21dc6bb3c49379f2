import type { ItemType } from '@/lib/schemas/catalog';

/** Russian names of item types (the schema module carries zod, so the page keeps its own copy of the words). */
export const ITEM_TYPE_TITLES: Record<ItemType, string> = {
  material: 'Материал',
  purchased: 'Покупное изделие',
  energy: 'Энергия',
  service: 'Услуга',
};

export const ITEM_TYPE_OPTIONS = (Object.keys(ITEM_TYPE_TITLES) as ItemType[]).map((value) => ({ value, label: ITEM_TYPE_TITLES[value] }));
