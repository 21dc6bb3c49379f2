import { z } from './classic';

/**
 * `search/query`: the query as typed (any length: the server cuts it to 200 characters and finds nothing for
 * fewer than 2), the kinds to look in (all when absent) and how many results of each kind to return.
 */
export const searchQueryInput = z.object({
  q: z.string({ error: 'Введите текст для поиска.' }),
  kinds: z
    .array(z.string().max(40, { error: 'Неизвестный вид результатов.' }), { error: 'Виды результатов — списком.' })
    .max(20, { error: 'Слишком много видов результатов.' })
    .optional(),
  limit: z.number({ error: 'Введите число.' }).int({ error: 'Введите целое число.' }).min(1).max(50).default(5),
});
