import { ITEM_TYPES, type ItemType } from '@/lib/domain/catalog/item-type';
import { parseDecimal } from '@/lib/domain/money';
import { z } from './classic';
import { line } from './text';

/**
 * Wire schemas of «Номенклатура и цены» (`catalog/*` under /api/v1, docs/api.md): items and their groups,
 * supplier price rows, the owner's price settings, price lists import, staleness and «Пересчитать все»,
 * work centres. Money on the wire is a decimal string of roubles with a dot ("1234.56"); the server keeps kopecks.
 */

export { ITEM_TYPES, ITEM_TYPE_TITLES, type ItemType } from '@/lib/domain/catalog/item-type';

/** How the price of an item on a date is chosen among suppliers. */
export const PRICE_CHOICES = ['preferred', 'lowest'] as const;
export type PriceChoice = (typeof PRICE_CHOICES)[number];

/** Largest price list accepted: the file (bytes) and its data rows. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;

const uuid = (what: string) => z.uuid({ error: `Неверный идентификатор: ${what}.` });
export const catalogIdSchema = uuid('позиция номенклатуры');
const versionSchema = z.number({ error: 'Укажите версию (version), которую вы читали.' }).int().positive();
const isoDate = z.iso.date({ error: 'Дата в виде ГГГГ-ММ-ДД.' });

const text = (max: number) =>
  z
    .string({ error: 'Введите текст.' })
    .max(max, { error: `Не длиннее ${max} знаков.` })
    .transform((s) => s.trim())
    .default('');

/** A non-negative decimal (string or number) with at most `places` digits after the point, ≤ `max`; normalised "1234.5". */
const decimal = (max: string, places: number, what: string) =>
  z.union([z.string(), z.number()], { error: `Введите ${what} числом.` }).transform((v, ctx) => {
    const r = parseDecimal(v, places);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.reason === 'places' ? `Не больше ${places} знаков после запятой.` : r.message });
      return z.NEVER;
    }
    if (r.value.isNegative() || r.value.gt(max)) {
      ctx.addIssue({ code: 'custom', message: `Введите ${what} от 0 до ${max.replace('.', ',')}.` });
      return z.NEVER;
    }
    return r.value.toFixed();
  });
const optionalDecimal = (max: string, places: number, what: string) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v))
    .pipe(decimal(max, places, what).optional());

/** Money in roubles, at most kopecks. */
export const moneySchema = decimal('1000000000', 2, 'цену');
/** A VAT rate in percent, or 'none' («без НДС»). */
export const vatRateSchema = z.union([z.literal('none'), decimal('100', 2, 'ставку НДС')], { error: 'Ставка НДС: число процентов или «none».' });

/* ───────────── items ───────────── */

const itemFields = {
  name: line(500, 'Укажите наименование.'),
  article: z._default(line(100), ''),
  groupId: uuid('группа').nullable().default(null),
  /** ОКЕИ short name ("шт", "м²", "лист"). */
  unit: line(20, 'Укажите единицу измерения.'),
  /** ОКЕИ code ("796"); empty when the unit is not in the classifier. */
  okei: z.string().trim().regex(/^\d{0,4}$/, { error: 'Код ОКЕИ — до 4 цифр.' }).default(''),
  type: z.enum(ITEM_TYPES, { error: 'Тип: материал, покупное изделие, энергия или услуга.' }).default('material'),
  wastePct: optionalDecimal('1000', 4, 'процент отходов'),
  notes: text(5000),
  /** Sheet size of a sheet material, mm (both or neither). */
  sheetWidthMm: optionalDecimal('100000', 1, 'ширину листа'),
  sheetHeightMm: optionalDecimal('100000', 1, 'высоту листа'),
  /** The supplier whose price is taken when the owner's setting is «preferred». */
  preferredSupplierId: uuid('поставщик').nullable().default(null),
  archived: z.boolean().default(false),
};
const checkSheet = (v: { sheetWidthMm?: string; sheetHeightMm?: string }, ctx: z.RefinementCtx) => {
  if ((v.sheetWidthMm === undefined) !== (v.sheetHeightMm === undefined)) {
    ctx.addIssue({ code: 'custom', path: [v.sheetWidthMm === undefined ? 'sheetWidthMm' : 'sheetHeightMm'], message: 'Укажите обе стороны листа.' });
  }
};

/** `catalog/items/create` body. */
export const itemCreateInput = z.object(itemFields).superRefine(checkSheet);
export type ItemData = z.output<typeof itemCreateInput>;
/** `catalog/items/update`: the whole item with `id` and the `version` read. Stale → 409 CONFLICT `{version}`. */
export const itemUpdateInput = z
  .object({ ...itemFields, id: catalogIdSchema, version: versionSchema })
  .superRefine(checkSheet)
  .transform(({ id, version, ...data }) => ({ id, version, data }));
export const itemIdInput = z.object({ id: catalogIdSchema });
/** `catalog/items/delete`: refused (409 ITEM_IN_USE, `specs`) when a specification uses it. */
export const itemDeleteInput = z.object({ id: catalogIdSchema, version: versionSchema.optional() });

/** `catalog/items/bulk-update`: the same fields set on every listed item; any stale version → 409, nothing changed. */
export const itemBulkUpdateInput = z.object({
  items: z
    .array(z.object({ id: catalogIdSchema, version: versionSchema }), { error: 'Передайте список позиций.' })
    .min(1, { error: 'Выберите хотя бы одну позицию.' })
    .max(1000, { error: 'Не больше 1000 позиций за раз.' }),
  patch: z
    .object({
      groupId: itemFields.groupId.optional(),
      type: z.enum(ITEM_TYPES).optional(),
      unit: z.optional(itemFields.unit),
      okei: itemFields.okei.optional(),
      wastePct: optionalDecimal('1000', 4, 'процент отходов'),
      preferredSupplierId: itemFields.preferredSupplierId.optional(),
      archived: z.boolean().optional(),
    })
    .refine((p) => Object.values(p).some((v) => v !== undefined), { error: 'Укажите, что изменить.' }),
});

const ITEM_SORTS = ['name', '-name', 'article', '-article', 'updated', '-updated'] as const;
/** `catalog/items/list`: search (name, article; as you type), filters, one page; each item with its price on `date`. */
export const itemListInput = z.object({
  q: z.string().trim().max(200).default(''),
  groupId: uuid('группа').optional(),
  /** With the groups nested under `groupId`. */
  subgroups: z.boolean().default(true),
  type: z.enum(ITEM_TYPES).optional(),
  archived: z.enum(['no', 'yes', 'all'], { error: 'archived: no, yes или all.' }).default('no'),
  supplierId: uuid('поставщик').optional(),
  /** Price date; default today (Moscow). */
  date: isoDate.optional(),
  sort: z.enum(ITEM_SORTS, { error: `sort: ${ITEM_SORTS.join(', ')}.` }).default('name'),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500, { error: 'Не больше 500 за раз.' }).default(50),
});
export type ItemListInput = z.output<typeof itemListInput>;

/* ───────────── groups ───────────── */

const groupName = line(200, 'Укажите название группы.');
export const groupCreateInput = z.object({ name: groupName, parentId: uuid('группа').nullable().default(null) });
/** Moving a group under itself or its descendant → 422. */
export const groupUpdateInput = z.object({ id: uuid('группа'), version: versionSchema, name: groupName, parentId: uuid('группа').nullable().default(null) });
/** Refused (409 GROUP_NOT_EMPTY) while it holds items or groups. */
export const groupDeleteInput = z.object({ id: uuid('группа'), version: versionSchema.optional() });

/* ───────────── prices ───────────── */

/** `catalog/prices/add`: one price row of an item from a supplier («Компании»), valid from a date. */
export const priceAddInput = z.object({
  itemId: catalogIdSchema,
  supplierId: uuid('поставщик'),
  price: moneySchema,
  /** The price includes VAT. */
  vatIncluded: z.boolean().default(false),
  vatRate: vatRateSchema.default('none'),
  currency: z.literal('RUB', { error: 'Валюта — только рубли (RUB).' }).default('RUB'),
  validFrom: isoDate,
});
export const priceDeleteInput = z.object({ id: uuid('цена') });
export const priceListInput = z.object({ itemId: catalogIdSchema });

/** `catalog/prices/on-date`: the price of each item on a date by the owner's setting (null: no price yet). */
export const priceOnDateInput = z.object({
  itemIds: z.array(catalogIdSchema).min(1, { error: 'Передайте позиции.' }).max(1000, { error: 'Не больше 1000 позиций.' }),
  date: isoDate.optional(),
});

/** `catalog/spec-on-date`: a specification's lines priced on a date and its cost then vs as saved. */
export const specOnDateInput = z.object({
  id: z.string({ error: 'Укажите спецификацию.' }).trim().min(1, { error: 'Укажите спецификацию.' }).max(100),
  date: isoDate,
});

/* ───────────── settings ───────────── */

export const settingsSaveInput = z.object({
  priceChoice: z.enum(PRICE_CHOICES, { error: 'Выбор цены: preferred (предпочтительный поставщик) или lowest (самая низкая).' }),
  version: z.number().int().min(0).optional(),
});

/* ───────────── import ───────────── */

/** Fields a price list column can be mapped to. */
export const IMPORT_FIELDS = ['article', 'name', 'unit', 'price', 'vatRate', 'group', 'type'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Column mapping: field → 0-based column index (name and price are required). */
export const importMappingSchema = z
  .object({
    article: z.number().int().min(0).max(1000).optional(),
    name: z.number({ error: 'Укажите столбец с наименованием.' }).int().min(0).max(1000),
    unit: z.number().int().min(0).max(1000).optional(),
    price: z.number({ error: 'Укажите столбец с ценой.' }).int().min(0).max(1000),
    vatRate: z.number().int().min(0).max(1000).optional(),
    group: z.number().int().min(0).max(1000).optional(),
    /** The item type of a new item («материал», «ПКИ», «услуга»…, lib/domain/catalog/item-type.ts). */
    type: z.number().int().min(0).max(1000).optional(),
  })
  .superRefine((m, ctx) => {
    const seen = new Map<number, string>();
    for (const [k, v] of Object.entries(m)) {
      if (v === undefined) continue;
      if (seen.has(v)) ctx.addIssue({ code: 'custom', path: [k], message: `Этот столбец уже выбран для поля «${seen.get(v)}».` });
      seen.set(v, k);
    }
  });
export type ImportMapping = z.output<typeof importMappingSchema>;

/**
 * `catalog/import/upload`: the file (CSV text encoding found by itself — UTF-8 or Windows-1251; `;` or `,`;
 * or an XLSX book), base64. Answers the columns with samples and the mapping remembered for the supplier
 * (or guessed from the headers). Nothing is changed in the catalogue.
 */
export const importUploadInput = z.object({
  supplierId: uuid('поставщик'),
  fileName: z.string().trim().min(1, { error: 'Укажите имя файла.' }).max(255),
  data: z
    .string({ error: 'Выберите файл.' })
    .min(1, { error: 'Файл пустой.' })
    // No length here: a file over IMPORT_MAX_BYTES is 413 (the call's body limit, then its decoded size).
    .regex(/^[A-Za-z0-9+/=\s]*$/, { error: 'Передайте файл в base64.' }),
});

/**
 * `catalog/import/preview`: reads the whole file with the mapping in the background (progress by
 * `catalog/import/status`), matches rows to items and prepares the changes. The mapping is remembered for the supplier.
 */
export const importPreviewInput = z.object({
  importId: uuid('импорт'),
  mapping: importMappingSchema,
  /** The first row is a header (skipped). */
  headerRow: z.boolean().default(true),
  /** Prices valid from (default today, Moscow). */
  validFrom: isoDate.optional(),
  vatIncluded: z.boolean().default(true),
  /** Used when the file has no VAT column. */
  vatRate: vatRateSchema.default('none'),
});
export const importIdInput = z.object({ importId: uuid('импорт') });

export const IMPORT_ROW_FILTERS = ['all', 'changed', 'uncertain', 'new', 'errors', 'unchanged'] as const;
export const importRowsInput = z.object({
  importId: uuid('импорт'),
  filter: z.enum(IMPORT_ROW_FILTERS, { error: `filter: ${IMPORT_ROW_FILTERS.join(', ')}.` }).default('all'),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(100),
});

/** The review of rows: take another item, create a new one, or skip the row. */
export const importResolveInput = z.object({
  importId: uuid('импорт'),
  decisions: z
    .array(
      z.object({
        /** 1-based row number of the file. */
        row: z.number().int().min(1),
        action: z.enum(['match', 'create', 'skip'], { error: 'Решение: match, create или skip.' }),
        itemId: catalogIdSchema.optional(),
      }),
    )
    .min(1)
    .max(5000)
    .superRefine((ds, ctx) => ds.forEach((d, i) => d.action === 'match' && !d.itemId && ctx.addIssue({ code: 'custom', path: [i, 'itemId'], message: 'Выберите позицию.' }))),
});
/** The type of the items new rows create: the listed rows that are new (others are left as they are). */
export const importRowTypeInput = z.object({
  importId: uuid('импорт'),
  rows: z
    .array(z.number().int().min(1), { error: 'Передайте номера строк.' })
    .min(1, { error: 'Выберите хотя бы одну строку.' })
    .max(5000, { error: 'Не больше 5000 строк за раз.' }),
  type: z.enum(ITEM_TYPES, { error: 'Тип: материал, покупное изделие, энергия или услуга.' }),
});
/** Every unmatched row → create (true) or skip (false). */
export const importCreateAllInput = z.object({ importId: uuid('импорт'), create: z.boolean() });

/* ───────────── staleness, «Пересчитать все» ───────────── */

export const staleListInput = z.object({});
export const recalcAllInput = z.object({});
export const recalcStatusInput = z.object({ runId: uuid('пересчёт') });

/* ───────────── work centres ───────────── */

const wcFields = {
  name: line(200, 'Укажите название.'),
  kind: z.enum(['operation', 'work-centre'], { error: 'Вид: operation (вид операции) или work-centre (рабочий центр).' }).default('work-centre'),
  /** Labour rate, ₽ per hour. */
  hourlyRate: moneySchema,
  /** Machine-hour rate, ₽ (0 = none). */
  machineHourRate: moneySchema.default('0'),
  notes: text(2000),
  archived: z.boolean().default(false),
};
export const workCentreCreateInput = z.object(wcFields);
/** A new rate is copied into every business-process step pointing at the centre (their specifications become «требует пересчёта»). */
export const workCentreUpdateInput = z
  .object({ ...wcFields, id: uuid('рабочий центр'), version: versionSchema })
  .transform(({ id, version, ...data }) => ({ id, version, data }));
export type WorkCentreData = z.output<typeof workCentreCreateInput>;
/** Refused (409 WORK_CENTRE_IN_USE, `processSets`) while a business process points at it. */
export const workCentreDeleteInput = z.object({ id: uuid('рабочий центр'), version: versionSchema.optional() });
export const workCentreListInput = z.object({ archived: z.enum(['no', 'yes', 'all']).default('no') });

/* ───────────── answers (what the server sends) ───────────── */

export interface PriceOnDate {
  priceId: string;
  supplierId: string;
  supplierName: string;
  /** As entered, roubles. */
  price: string;
  vatIncluded: boolean;
  vatRate: string;
  /** Without VAT, roubles, as the calculation takes it: up to 4 places (half-up), at least 2 ("0.6967", "35.50"). */
  priceNoVat: string;
  validFrom: string;
}

export interface CatalogItem extends Omit<ItemData, 'wastePct' | 'sheetWidthMm' | 'sheetHeightMm'> {
  id: string;
  wastePct: string | null;
  sheetWidthMm: string | null;
  sheetHeightMm: string | null;
  groupName: string | null;
  version: number;
  /** When its prices last changed (any row added, removed, imported). */
  pricesChangedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The price on the list's date, by the owner's setting. */
  price: PriceOnDate | null;
}

export interface PriceRow extends PriceOnDate {
  id: string;
  itemId: string;
  currency: 'RUB';
  importId: string | null;
  createdAt: string;
}

export interface CatalogGroup {
  id: string;
  parentId: string | null;
  name: string;
  version: number;
  itemCount: number;
}

export interface WorkCentre extends WorkCentreData {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type ImportState = 'uploaded' | 'parsing' | 'ready' | 'failed' | 'applying' | 'applied' | 'undone';
export type ImportRowStatus = 'changed' | 'unchanged' | 'new' | 'uncertain' | 'error' | 'skip';

export interface ImportRow {
  row: number;
  article: string;
  name: string;
  unit: string;
  /** Price as read, roubles; null on error. */
  price: string | null;
  status: ImportRowStatus;
  /** The item matched (or chosen), with how sure: 1 = article or exact name. */
  itemId: string | null;
  itemName: string | null;
  score: number | null;
  /** Current price of that supplier for the item (roubles) and the change of the amounts without VAT, %. */
  oldPrice: string | null;
  changePct: string | null;
  /** The VAT basis of the old price and of the new one («с НДС 22 %», «без НДС»); null where there is no price. */
  oldVat: string | null;
  vat: string | null;
  /** Create a new item from this row on apply. */
  create: boolean;
  /** The type of the item a new row creates (from the file or set in the review); null — «Материал». */
  type: ItemType | null;
  /** Russian, names the row and column. */
  error: string | null;
}

export interface ImportSummary {
  total: number;
  changed: number;
  unchanged: number;
  uncertain: number;
  new: number;
  errors: number;
  skip: number;
}

export interface RecalcReportLine {
  id: string;
  name: string;
  /** Полная себестоимость per unit, roubles; null when it could not be calculated. */
  oldCost: string | null;
  newCost: string | null;
  changePct: string | null;
  error: string | null;
}
