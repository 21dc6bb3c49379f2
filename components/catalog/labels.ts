import { ITEM_TYPE_TITLES, type ItemType } from '@/lib/domain/catalog/item-type';

/** Russian names of item types (from the domain module: the schema module carries zod). */
export { ITEM_TYPE_TITLES };

export const ITEM_TYPE_OPTIONS = (Object.keys(ITEM_TYPE_TITLES) as ItemType[]).map((value) => ({ value, label: ITEM_TYPE_TITLES[value] }));
