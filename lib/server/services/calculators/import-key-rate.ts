import 'server-only';
import { formatIsoDate, moscowToday } from '@/lib/domain/format/date';
import { KeyRateTableError, keyRateChanges, previewKeyRateImport } from '@/lib/domain/calculators/key-rate-import';
import { importKeyRateSchema, MAX_KEY_RATE_XLSX_BASE64 } from '@/lib/schemas/calculators-rates';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { log } from '../../log';
import { requireUser } from '../auth/require-user';
import { readXlsx } from '../../office/xlsx';
import { insertRateRows, loadRateBook } from './rates';

const refuse = (message: string) => new ServiceError('VALIDATION_ERROR', message, { fields: { xlsx: message } });

/**
 * `calculators/rates/import-key-rate` `{xlsx, apply?}` (role `admin`) → `{changes: [{effectiveFrom, value,
 * status: new|same|differs, stored}], newCount, inserted}`. Reads the key-rate table exported from the site of
 * Банк России (first sheet, «Дата» | «Ставка», one row per day), collapses it into change points and compares
 * them with the stored rows; with `apply: true` adds the `new` ones as dated rows, each citing its own decision:
 * «Решение Совета директоров Банка России о ключевой ставке с <its date> (по таблице Банка России «Ключевая
 * ставка», загружена <today>)». Stored rows are never changed; importing the same file again adds nothing.
 */
export const importKeyRate = defineCall({
  maxBody: MAX_KEY_RATE_XLSX_BASE64 + 1024,
  input: importKeyRateSchema,
  handle: async ({ input, req, ctx }) => {
    const user = await requireUser(ctx, req);
    if (!user.roles.includes('admin')) throw new ServiceError('FORBIDDEN', 'Менять таблицы ставок может только администратор.');
    let rows: string[][];
    try {
      rows = await readXlsx(Buffer.from(input.xlsx, 'base64'));
    } catch (e) {
      throw refuse((e as Error).message);
    }
    let changes;
    try {
      changes = keyRateChanges(rows);
    } catch (e) {
      if (e instanceof KeyRateTableError) throw refuse(e.message);
      throw e;
    }
    const stored = (await loadRateBook(ctx.db, ['key_rate'])).key_rate ?? [];
    const preview = previewKeyRateImport(changes, stored);
    const fresh = preview.filter((c) => c.status === 'new');
    let inserted = 0;
    if (input.apply && fresh.length > 0) {
      // A calculation cites the row of each period: the decision that set the rate from that date.
      const loaded = formatIsoDate(moscowToday());
      const source = (from: string) => `Решение Совета директоров Банка России о ключевой ставке с ${formatIsoDate(from)} (по таблице Банка России «Ключевая ставка», загружена ${loaded})`;
      inserted = await insertRateRows(
        ctx.db,
        fresh.map((c) => ({ kind: 'key_rate' as const, effectiveFrom: c.effectiveFrom, value: c.value, source: source(c.effectiveFrom), createdBy: user.id })),
      );
      log.info(`key rate import: ${inserted} rows added by ${user.id}`);
    }
    return {
      msg: input.apply ? `Добавлено строк: ${inserted}` : 'Готово',
      changes: preview,
      newCount: fresh.length,
      inserted,
    };
  },
});
