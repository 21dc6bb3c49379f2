import 'server-only';
import { toCsv } from '@/lib/domain/requisites/csv';
import { xlsxBytes } from '@/lib/client/office/xlsx-book';
import type { XRow } from '@/lib/domain/xlsx/model';
import { exportCompaniesInput } from '@/lib/schemas/companies';
import { listCompanyRows } from '../../db/queries/companies';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { CSV_COLUMNS, companyToCsvRow } from './csv-columns';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MAX_EXPORT = 10_000;

/** A row of the book; characters XML cannot carry are dropped, every cell is text (leading zeros stay). */
const xlsxRow = (r: string[], i: number): XRow => ({
  cells: r.map((v) => v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')),
  kind: i === 0 ? 'header' : undefined,
});

/**
 * `GET /api/v1/companies/export?scope=&search=&sort=&format=csv|xlsx` → `Компании.csv` (UTF-8 with BOM,
 * `;`) or `Компании.xlsx` (text cells, bold frozen header, widths to fit, A4 landscape), the list's filter applied. A GET so that a plain link downloads it with the session cookie.
 */
export const exportCompanies = defineCall({
  method: 'GET',
  input: exportCompaniesInput,
  handle: async ({ input, ctx, req }) => {
    const user = await requireUser(ctx, req);
    const { companies } = await listCompanyRows(ctx.db, user.id, { ...input, offset: 0, limit: MAX_EXPORT });
    const table = [CSV_COLUMNS.map(([, title]) => title), ...companies.map(companyToCsvRow)];
    const xlsx = input.format === 'xlsx';
    const body = xlsx ? await xlsxBytes({ sheets: [{ name: 'Компании', rows: table.map(xlsxRow), freezeBelow: 2 }] }) : toCsv(table);
    return new Response(body, {
      headers: {
        'Content-Type': xlsx ? XLSX_TYPE : 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="companies.${input.format}"; filename*=UTF-8''${encodeURIComponent(`Компании.${input.format}`)}`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
});
