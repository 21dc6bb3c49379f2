import {
  cleanKpp,
  cleanRequisite,
  COMPANY_KINDS,
  companyRequisiteErrors,
  TAX_REGIMES,
  type CompanyCard,
} from '@/lib/domain/requisites';
import { parseDecimal } from '@/lib/domain/money';
import { OVERHEAD_BASES } from '@/lib/domain/cost/overhead-bases';
import { regimesOf } from '@/lib/domain/tax-regimes';
import { z } from './classic';
import { line } from './text';

/** An optional single-line field: trimmed, empty when absent. */
const text = (max: number) => z._default(line(max), '');

/** A реквизит as typed: a string (or a JSON number), at most 64 characters before cleaning. */
const requisite = z
  .union([z.string(), z.number()], { error: 'Введите значение строкой.' })
  .transform(String)
  .pipe(z.string().max(64, { error: 'Слишком длинное значение.' }))
  .default('');

/** A percentage or rate as a decimal string (empty = not set, the cost engine uses its own default). */
const decimalField = (max: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
      const r = parseDecimal(v, 4);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: r.reason === 'places' ? 'Не больше 4 знаков после запятой.' : r.message });
        return z.NEVER;
      }
      if (r.value.isNegative() || r.value.gt(max)) {
        ctx.addIssue({ code: 'custom', message: `Введите число от 0 до ${max.replace('.', ',')}.` });
        return z.NEVER;
      }
      return r.value.toFixed();
    });

const poolSchema = z
  .object({
    base: z.enum(OVERHEAD_BASES, { error: 'Выберите базу распределения.' }).default('wages'),
    pct: decimalField('10000'),
    rate: decimalField('100000000'),
  })
  .default({ base: 'wages', pct: undefined, rate: undefined });

/** Own companies' costing defaults for /cost, under the names of the cost parameters. */
const costingSchema = z.object({
  additionalWagePct: decimalField('1000'),
  contributionsPct: decimalField('100'),
  accidentPct: decimalField('100'),
  shop: poolSchema,
  general: poolSchema,
  sellingPct: decimalField('1000'),
  directCosting: z.boolean().default(false),
  /** How semi-finished goods of own manufacture enter a product: by their articles (flow) or as one line (semi). */
  semiFinishedMethod: z
    .enum(['flow', 'semi'], { error: 'Метод учёта полуфабрикатов: flow (бесполуфабрикатный) или semi (полуфабрикатный).' })
    .default('flow'),
});
type CostingDefaults = z.output<typeof costingSchema>;

const bankAccountSchema = z.object({
  bik: requisite,
  bankName: text(300),
  corrAccount: requisite,
  account: requisite,
  isDefault: z.boolean().default(false),
});

const fields = {
  isOwn: z.boolean({ error: 'Укажите, своя это компания или контрагент.' }).default(false),
  kind: z.enum(COMPANY_KINDS, { error: 'Выберите вид: организация, ИП или физическое лицо.' }),
  fullName: line(500, 'Укажите полное наименование.'),
  shortName: text(200),
  inn: requisite,
  kpp: requisite,
  ogrn: requisite,
  okpo: requisite,
  snils: requisite,
  legalAddress: text(1000),
  postalAddress: text(1000),
  directorName: text(300),
  directorTitle: text(300),
  accountantName: text(300),
  phone: z
    .string()
    .trim()
    .max(50, { error: 'Не длиннее 50 знаков.' })
    .regex(/^$|^[+\d\s()\-–]*\d[+\d\s()\-–]*$/, { error: 'Телефон: цифры, пробелы, скобки, «+» и «-».' })
    .default(''),
  email: z.union([z.literal(''), z.email({ error: 'Неверный адрес электронной почты.' }).max(254)]).default(''),
  /** Left out: the payer's default regime (an organisation or ИП — ОСНО, a person — «не применяется»). */
  taxRegime: z.enum(TAX_REGIMES, { error: 'Выберите налоговый режим.' }).optional(),
  bankAccounts: z.array(bankAccountSchema).max(20, { error: 'Не больше 20 счетов.' }).default([]),
  costing: costingSchema.nullable().default(null),
};

/** The company as it is stored and sent: реквизиты cleaned, one default account, costing only for own. */
export interface CompanyData extends CompanyCard {
  isOwn: boolean;
  snils: string;
  bankAccounts: { bik: string; bankName: string; corrAccount: string; account: string; isDefault: boolean }[];
  costing: CostingDefaults | null;
}

/** A stored company on the wire. */
export interface Company extends CompanyData {
  id: string;
  folderId: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

type Raw = z.output<z.ZodObject<typeof fields>>;

/** The company with its regime settled: the one given, or the payer's default from the tax-regime model. */
const withRegime = (c: Raw) => ({ ...c, taxRegime: c.taxRegime ?? regimesOf(c.kind)[0]! });

function checkRequisites(c: Raw, ctx: z.RefinementCtx) {
  for (const [path, message] of Object.entries(companyRequisiteErrors(withRegime(c)))) {
    ctx.addIssue({ code: 'custom', message, path: path.split('.') });
  }
}

/** Cleans реквизиты and settles the default account. */
function normalizeCompany(raw: Raw): CompanyData {
  const c = withRegime(raw);
  const accounts = c.bankAccounts.map((a) => ({
    bik: cleanRequisite(a.bik),
    bankName: a.bankName,
    corrAccount: cleanRequisite(a.corrAccount),
    account: cleanRequisite(a.account),
    isDefault: a.isDefault,
  }));
  const firstDefault = accounts.findIndex((a) => a.isDefault);
  accounts.forEach((a, i) => (a.isDefault = i === (firstDefault < 0 ? 0 : firstDefault)));
  return {
    ...c,
    inn: cleanRequisite(c.inn),
    kpp: cleanKpp(c.kpp),
    ogrn: cleanRequisite(c.ogrn),
    okpo: cleanRequisite(c.okpo),
    snils: cleanRequisite(c.snils),
    bankAccounts: accounts,
    costing: c.isOwn ? c.costing : null,
  };
}

/** `companies/create` body. */
export const companyInputSchema = z.object(fields).superRefine(checkRequisites).transform(normalizeCompany);

const idSchema = z.uuid({ error: 'Неверный идентификатор компании.' });

/** `companies/update` body: the whole company with `id` and the `version` it was read at. */
export const companyUpdateSchema = z
  .object({
    ...fields,
    id: idSchema,
    version: z.number({ error: 'Укажите версию (version), которую вы читали.' }).int().positive(),
  })
  .superRefine(checkRequisites)
  .transform(({ id, version, ...rest }) => ({ id, version, data: normalizeCompany(rest) }));

export const companyIdSchema = z.object({ id: idSchema });

export const companyDeleteSchema = z.object({ id: idSchema, version: z.number().int().positive().optional() });

const COMPANY_SORTS = ['name', '-name', 'inn', '-inn', 'updated_at', '-updated_at', 'created_at', '-created_at'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

export const companyListSchema = z.object({
  search: z.string().trim().max(200).default(''),
  scope: z.enum(['all', 'own', 'counterparties'], { error: 'scope: all, own или counterparties.' }).default('all'),
  sort: z.enum(COMPANY_SORTS, { error: `sort: ${COMPANY_SORTS.join(', ')}.` }).default('name'),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500, { error: 'Не больше 500 за раз.' }).default(50),
});
export type CompanyListInput = z.output<typeof companyListSchema>;

export const duplicatesSchema = z.object({
  inn: requisite,
  kpp: requisite,
  excludeId: idSchema.optional(),
});

/** `companies/link-folder`: the folder in «Мои документы» the browser created for the company. */
export const linkFolderSchema = z.object({
  id: idSchema,
  folderId: z.string({ error: 'Укажите папку.' }).trim().min(1, { error: 'Укажите папку.' }).max(100),
});

/** A book of at most 5 MB, as base64. */
const MAX_XLSX_BASE64 = Math.ceil((5 * 1024 * 1024 * 4) / 3) + 4;

/** `companies/import`: the text of a CSV file or an XLSX book in base64, one of the two. */
export const importCompaniesInput = z
  .object({
    csv: z.string().min(1, { error: 'Файл пустой.' }).optional(),
    xlsx: z
      .string()
      .min(1, { error: 'Файл пустой.' })
      .max(MAX_XLSX_BASE64, { error: 'Файл больше 5 МБ.' })
      .regex(/^[A-Za-z0-9+/=\s]*$/, { error: 'Передайте книгу XLSX в base64.' })
      .optional(),
  })
  .refine((v) => (v.csv === undefined) !== (v.xlsx === undefined), {
    error: 'Передайте файл: текст CSV в поле csv или книгу XLSX (base64) в поле xlsx.',
    path: ['csv'],
  });

/** `companies/export`: the list's filter and the format. */
export const exportCompaniesInput = companyListSchema
  .pick({ search: true, scope: true, sort: true })
  .extend({ format: z.enum(['csv', 'xlsx'], { error: 'format: csv или xlsx.' }).default('csv') });
