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
import { line } from './text';
import * as z from './zod';

/** An optional single-line field: trimmed, empty when absent. */
const text = (max: number) => z._default(line(max), '');

/** A реквизит as typed: a string (or a JSON number), at most 64 characters before cleaning. */
const requisite = z._default(
  z.pipe(
    z.pipe(z.union([z.string(), z.number()], { error: 'Введите значение строкой.' }), z.transform(String)),
    z.string().check(z.maxLength(64, { error: 'Слишком длинное значение.' })),
  ),
  '',
);

/** A percentage or rate as a decimal string (empty = not set, the cost engine uses its own default). */
const decimalField = (max: string) =>
  z.pipe(
    z.optional(z.union([z.string(), z.number()])),
    z.transform((v: string | number | undefined, ctx): string | undefined => {
      if (v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
      const r = parseDecimal(v, 4);
      if (!r.ok) {
        ctx.issues.push({ code: 'custom', message: r.reason === 'places' ? 'Не больше 4 знаков после запятой.' : r.message, input: v });
        return z.NEVER;
      }
      if (r.value.isNegative() || r.value.gt(max)) {
        ctx.issues.push({ code: 'custom', message: `Введите число от 0 до ${max.replace('.', ',')}.`, input: v });
        return z.NEVER;
      }
      return r.value.toFixed();
    }),
  );

const poolSchema = z._default(
  z.object({
    base: z._default(z.enum(OVERHEAD_BASES, { error: 'Выберите базу распределения.' }), 'wages'),
    pct: decimalField('10000'),
    rate: decimalField('100000000'),
  }),
  { base: 'wages', pct: undefined, rate: undefined },
);

/** Own companies' costing defaults for /cost, under the names of the cost parameters. */
const costingSchema = z.object({
  additionalWagePct: decimalField('1000'),
  contributionsPct: decimalField('100'),
  accidentPct: decimalField('100'),
  shop: poolSchema,
  general: poolSchema,
  sellingPct: decimalField('1000'),
  directCosting: z._default(z.boolean(), false),
  /** How semi-finished goods of own manufacture enter a product: by their articles (flow) or as one line (semi). */
  semiFinishedMethod: z._default(
    z.enum(['flow', 'semi'], { error: 'Метод учёта полуфабрикатов: flow (бесполуфабрикатный) или semi (полуфабрикатный).' }),
    'flow',
  ),
});
type CostingDefaults = z.output<typeof costingSchema>;

const bankAccountSchema = z.object({
  bik: requisite,
  bankName: text(300),
  corrAccount: requisite,
  account: requisite,
  isDefault: z._default(z.boolean(), false),
});

const fields = {
  isOwn: z._default(z.boolean({ error: 'Укажите, своя это компания или контрагент.' }), false),
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
  phone: z._default(
    z.string().check(
      z.trim(),
      z.maxLength(50, { error: 'Не длиннее 50 знаков.' }),
      z.regex(/^$|^[+\d\s()\-–]*\d[+\d\s()\-–]*$/, { error: 'Телефон: цифры, пробелы, скобки, «+» и «-».' }),
    ),
    '',
  ),
  email: z._default(z.union([z.literal(''), z.email({ error: 'Неверный адрес электронной почты.' }).check(z.maxLength(254))]), ''),
  /** Left out: the payer's default regime (an organisation or ИП — ОСНО, a person — «не применяется»). */
  taxRegime: z.optional(z.enum(TAX_REGIMES, { error: 'Выберите налоговый режим.' })),
  bankAccounts: z._default(z.array(bankAccountSchema).check(z.maxLength(20, { error: 'Не больше 20 счетов.' })), []),
  costing: z._default(z.nullable(costingSchema), null),
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

type Raw = z.output<z.ZodMiniObject<typeof fields>>;

/** The company with its regime settled: the one given, or the payer's default from the tax-regime model. */
const withRegime = (c: Raw) => ({ ...c, taxRegime: c.taxRegime ?? regimesOf(c.kind)[0]! });

function checkRequisites(c: Raw, ctx: z.core.$RefinementCtx<Raw>) {
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
export const companyInputSchema = z.pipe(z.object(fields).check(z.superRefine(checkRequisites)), z.transform(normalizeCompany));

const idSchema = z.uuid({ error: 'Неверный идентификатор компании.' });

/** `companies/update` body: the whole company with `id` and the `version` it was read at. */
const updateFields = z.object({
  ...fields,
  id: idSchema,
  version: z.int({ error: 'Укажите версию (version), которую вы читали.' }).check(z.positive()),
});
export const companyUpdateSchema = z.pipe(
  updateFields.check(z.superRefine(checkRequisites)),
  z.transform(({ id, version, ...rest }: z.output<typeof updateFields>) => ({ id, version, data: normalizeCompany(rest) })),
);

export const companyIdSchema = z.object({ id: idSchema });

export const companyDeleteSchema = z.object({ id: idSchema, version: z.optional(z.int().check(z.positive())) });

const COMPANY_SORTS = ['name', '-name', 'inn', '-inn', 'updated_at', '-updated_at', 'created_at', '-created_at'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

export const companyListSchema = z.object({
  search: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
  scope: z._default(z.enum(['all', 'own', 'counterparties'], { error: 'scope: all, own или counterparties.' }), 'all'),
  sort: z._default(z.enum(COMPANY_SORTS, { error: `sort: ${COMPANY_SORTS.join(', ')}.` }), 'name'),
  offset: z._default(z.int().check(z.minimum(0)), 0),
  limit: z._default(z.int().check(z.minimum(1), z.maximum(500, { error: 'Не больше 500 за раз.' })), 50),
});
export type CompanyListInput = z.output<typeof companyListSchema>;

export const duplicatesSchema = z.object({
  inn: requisite,
  kpp: requisite,
  excludeId: z.optional(idSchema),
});

/** `companies/link-folder`: the folder in «Мои документы» the browser created for the company. */
export const linkFolderSchema = z.object({
  id: idSchema,
  folderId: z.string({ error: 'Укажите папку.' }).check(z.trim(), z.minLength(1, { error: 'Укажите папку.' }), z.maxLength(100)),
});

/** A book of at most 5 MB, as base64. */
const MAX_XLSX_BASE64 = Math.ceil((5 * 1024 * 1024 * 4) / 3) + 4;

/** `companies/import`: the text of a CSV file or an XLSX book in base64, one of the two. */
export const importCompaniesInput = z
  .object({
    csv: z.optional(z.string().check(z.minLength(1, { error: 'Файл пустой.' }))),
    xlsx: z.optional(
      z
        .string()
        .check(
          z.minLength(1, { error: 'Файл пустой.' }),
          z.maxLength(MAX_XLSX_BASE64, { error: 'Файл больше 5 МБ.' }),
          z.regex(/^[A-Za-z0-9+/=\s]*$/, { error: 'Передайте книгу XLSX в base64.' }),
        ),
    ),
  })
  .check(
    z.refine((v) => (v.csv === undefined) !== (v.xlsx === undefined), {
      error: 'Передайте файл: текст CSV в поле csv или книгу XLSX (base64) в поле xlsx.',
      path: ['csv'],
    }),
  );

/** `companies/export`: the list's filter and the format. */
export const exportCompaniesInput = z.extend(z.pick(companyListSchema, { search: true, scope: true, sort: true }), {
  format: z._default(z.enum(['csv', 'xlsx'], { error: 'format: csv или xlsx.' }), 'csv'),
});
