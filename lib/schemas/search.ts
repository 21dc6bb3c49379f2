import * as z from './zod';

/**
 * `search/query`: the query as typed (any length: the server cuts it to 200 characters and finds nothing for
 * fewer than 2), the kinds to look in (all when absent) and how many results of each kind to return.
 */
export const searchQueryInput = z.object({
  q: z.string({ error: 'Введите текст для поиска.' }),
  kinds: z.optional(
    z
      .array(z.string().check(z.maxLength(40, { error: 'Неизвестный вид результатов.' })), { error: 'Виды результатов — списком.' })
      .check(z.maxLength(20, { error: 'Слишком много видов результатов.' })),
  ),
  limit: z._default(
    z.number({ error: 'Введите число.' }).check(z.refine(Number.isSafeInteger, { error: 'Введите целое число.' }), z.minimum(1), z.maximum(50)),
    5,
  ),
});
