import 'server-only';
import { prepareQuery } from '@/lib/domain/search/query';
import { searchQueryInput } from '@/lib/schemas/search';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { runSearch, type SearchGroup } from './run-search';
import { SOURCES } from './sources';

/** The kinds there are, for the filters of the results page. */
const KINDS = SOURCES.map(({ kind, label }) => ({ kind, label }));

/**
 * `search/query {q, kinds?, limit?}` → `{groups, kinds}`: what the caller may read that matches `q`, grouped by
 * kind. A query with fewer than 2 characters (or no letters or digits) answers no groups without touching the
 * database (the gateway has checked the session already); a longer one is cut to 200 characters.
 */
export const searchQuery = defineCall({
  input: searchQueryInput,
  async handle({ input, req, ctx }) {
    const unknown = (input.kinds ?? []).filter((k) => !SOURCES.some((s) => s.kind === k));
    if (unknown.length > 0) {
      const msg = `Неизвестный вид результатов: ${unknown.join(', ')}.`;
      throw new ServiceError('VALIDATION_ERROR', msg, { fields: { kinds: msg } });
    }
    const query = prepareQuery(input.q);
    let groups: SearchGroup[] = [];
    if (query) {
      const user = await requireUser(ctx, req);
      const sources = input.kinds?.length ? SOURCES.filter((s) => input.kinds!.includes(s.kind)) : SOURCES;
      groups = await runSearch(ctx.db, ctx.database.driver, sources, query, user.id, input.limit);
    }
    const total = groups.reduce((n, g) => n + g.total, 0);
    return { msg: total ? `Найдено: ${total}` : 'Ничего не найдено', groups, kinds: KINDS };
  },
});
