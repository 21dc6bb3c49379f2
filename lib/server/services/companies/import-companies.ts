import 'server-only';
import { companyInputSchema, importCompaniesInput, type CompanyData } from '@/lib/schemas/companies';
import { issuesToFields, type FieldErrors } from '@/lib/schemas/envelope';
import { insertCompanies } from '../../db/queries/companies';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { CSV_COLUMNS, columnOfHeader, csvRowToInput, type CsvKey } from './csv-columns';
import { csvTableOf } from '../../office/parse';
import { readXlsx } from '../../office/xlsx';

const MAX_ROWS = 5000;
/** Columns of a CSV file read at most (the layout has 21; more are ignored). */
const MAX_COLS = 200;
const BATCH = 500;

const titleOf = Object.fromEntries(CSV_COLUMNS.map(([k, t]) => [k, t])) as Record<CsvKey, string>;

/** `bankAccounts.0.bik` → «БИК»: the column a field message belongs to. */
function columnTitle(path: string): string {
  const leaf = path.split('.').pop() ?? path;
  return titleOf[leaf as CsvKey] ?? (path === '_' ? 'строка' : leaf);
}

/**
 * `companies/import {csv} | {xlsx}` → `{created}`. The file is the export's layout (headers by title, any
 * order; CSV with `;`, `,` or tab; XLSX: the first sheet, base64 on the wire). All or nothing: when a row is wrong nothing is saved and the answer is a 422 with
 * `errors: [{line, fields: {column title: message}}]` (line numbers as in the file, header = 1).
 */
export const importCompanies = defineCall({
  input: importCompaniesInput,
  maxBody: 7 * 1024 * 1024 + 1024,
  handle: async ({ input, ctx, req }) => {
    const user = await requireUser(ctx, req);
    let table: string[][];
    let total: number;
    try {
      // Both read on worker threads: a large or hostile file never holds other requests.
      if (input.xlsx !== undefined) total = (table = await readXlsx(Buffer.from(input.xlsx, 'base64'))).length;
      else ({ rows: table, total } = await csvTableOf(input.csv ?? '', MAX_ROWS + 1, MAX_COLS));
    } catch (e) {
      throw new ServiceError('VALIDATION_ERROR', (e as Error).message, {
        fields: { [input.xlsx !== undefined ? 'xlsx' : 'csv']: (e as Error).message },
      });
    }
    const [header, ...body] = table;
    const keys = (header ?? []).map(columnOfHeader);
    if (!keys.includes('fullName')) {
      const msg = 'В первой строке файла нет столбца «Полное наименование» — выгрузите образец кнопкой «Экспорт».';
      throw new ServiceError('VALIDATION_ERROR', msg, { fields: { csv: msg } });
    }
    if (body.length === 0) throw new ServiceError('VALIDATION_ERROR', 'В файле нет ни одной компании.', { fields: { csv: 'В файле нет строк с компаниями.' } });
    if (total - 1 > MAX_ROWS) {
      const msg = `Не больше ${MAX_ROWS} компаний за один раз, в файле ${total - 1}.`;
      throw new ServiceError('VALIDATION_ERROR', msg, { fields: { csv: msg } });
    }

    const good: CompanyData[] = [];
    const errors: { line: number; fields: FieldErrors }[] = [];
    body.forEach((cells, i) => {
      const byKey: Partial<Record<CsvKey, string>> = {};
      keys.forEach((k, col) => {
        if (k) byKey[k] = cells[col] ?? '';
      });
      const parsed = companyInputSchema.safeParse(csvRowToInput(byKey));
      if (parsed.success) good.push(parsed.data);
      else {
        const fields: FieldErrors = {};
        for (const [path, msg] of Object.entries(issuesToFields(parsed.error.issues))) {
          const title = columnTitle(path);
          if (!(title in fields)) fields[title] = msg;
        }
        errors.push({ line: i + 2, fields });
      }
    });
    if (errors.length > 0) {
      const lines = errors.slice(0, 10).map((e) => e.line).join(', ') + (errors.length > 10 ? '…' : '');
      throw new ServiceError('VALIDATION_ERROR', `Ничего не загружено: ошибки в строках ${lines}. Исправьте файл и загрузите его снова.`, {
        extra: { errors: errors.slice(0, 200) },
      });
    }

    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < good.length; i += BATCH) await insertCompanies(tx, user.id, good.slice(i, i + BATCH));
    });
    return { msg: `Загружено компаний: ${good.length}.`, created: good.length };
  },
});
