import { listPage, type ListQuery } from './list-query';

type ListAnswer = Awaited<ReturnType<typeof listPage>>;
type Early = { key: string; at: number; answer: Promise<ListAnswer>; ctl: AbortController };

/** An early answer not taken by then is not used: the list asks again. */
const EARLY_TTL_MS = 10_000;
let early: Early | null = null;

const keyOf = (q: ListQuery) => JSON.stringify([q.root, q.type, q.search, q.sort, q.offset, q.limit, q.scope]);

/**
 * Asks for a list's first page as the list page first renders (while hydrating, before the effects and before the
 * table's code has loaded), so the answer is on its way when the list's loader runs. One at a time: a second start
 * while one is waiting to be taken does nothing.
 */
export function startEarlyList(q: ListQuery): void {
  if (typeof window === 'undefined' || early) return;
  const ctl = new AbortController();
  const answer = listPage(q, ctl.signal);
  // The taker sees the failure; an untaken one must not be reported as unhandled.
  answer.catch(() => undefined);
  early = { key: keyOf(q), at: performance.now(), answer, ctl };
}

/**
 * The list's page for `q`: the early answer when one was started for exactly this query (taken once — a reload
 * asks again), else a new call; an early one for another query, or too old, is cancelled. Aborting `signal`
 * cancels the early request as it would the new one.
 */
export function listObjects(q: ListQuery, signal: AbortSignal): Promise<ListAnswer> {
  const e = early;
  early = null;
  if (!e || e.key !== keyOf(q) || performance.now() - e.at > EARLY_TTL_MS) {
    e?.ctl.abort();
    return listPage(q, signal);
  }
  if (signal.aborted) e.ctl.abort();
  else signal.addEventListener('abort', () => e.ctl.abort(), { once: true });
  return e.answer;
}
