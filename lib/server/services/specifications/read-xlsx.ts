import 'server-only';
import { MAX_SPEC_XLSX_BASE64 as MAX_BASE64, readSpecificationXlsxInput } from '@/lib/schemas/specification-calls';
import { MAX_SPEC_LINES } from '@/lib/schemas/specification';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { readXlsx } from '../../office/xlsx';


/**
 * `specs/read-xlsx {xlsx}` (the book as base64, ≤ 5 МБ) → `{rows}`: the first sheet as rows of cell texts
 * (empty rows dropped), for the editor's import with column mapping (`lib/domain/cost/import-materials.ts`).
 */
export const readSpecificationXlsx = defineCall({
  maxBody: MAX_BASE64 + 1024,
  input: readSpecificationXlsxInput,
  async handle({ input, req, ctx }) {
    await requireUser(ctx, req);
    let rows: string[][];
    try {
      rows = await readXlsx(Buffer.from(input.xlsx, 'base64'));
    } catch (e) {
      throw new ServiceError('VALIDATION_ERROR', (e as Error).message, { fields: { xlsx: (e as Error).message } });
    }
    if (rows.length > MAX_SPEC_LINES + 1) {
      throw new ServiceError('VALIDATION_ERROR', `В листе больше ${MAX_SPEC_LINES} строк.`, { fields: { xlsx: `Не больше ${MAX_SPEC_LINES} строк.` } });
    }
    return { rows };
  },
});
