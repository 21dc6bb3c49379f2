import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { firstListQuery, type ListQuery } from '@/components/files/list-query';
import { listObjects, startEarlyList } from '@/components/files/early-list';
import { userMessage } from '@/lib/client/messages';

type FetchArgs = [input: string, init: RequestInit];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;
let answers: { resolve: (r: Response) => void; reject: (e: unknown) => void; signal: AbortSignal }[];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const query = (over: Partial<ListQuery> = {}): ListQuery => ({ root: null, type: 'specifications', search: '', sort: 'name', offset: 0, limit: 100, scope: 'own', ...over });
const listed = { ok: true, msg: 'Готово', objects: [], total: 0 };

beforeEach(() => {
  answers = [];
  fetchMock = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        answers.push({ resolve, reject, signal: init.signal! });
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  // Nothing started here may be left for the next test.
  void listObjects(query({ search: 'drain' }), new AbortController().signal).catch(() => undefined);
  vi.unstubAllGlobals();
});

describe('the list page asked for early', () => {
  it('the first render starts the call; the loader takes that answer without a second request', async () => {
    startEarlyList(query());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/file-manager-service/api/v1/listObjects');
    startEarlyList(query()); // a repeated render start asks nothing more
    const loaded = listObjects(query(), new AbortController().signal);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answers[0]!.resolve(json(listed));
    await expect(loaded).resolves.toMatchObject({ objects: [], total: 0 });
    // Taken once: a reload asks again.
    void listObjects(query(), new AbortController().signal);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a failure reaches the loader as the same Russian message', async () => {
    startEarlyList(query());
    const loaded = listObjects(query(), new AbortController().signal);
    answers[0]!.resolve(json({ ok: false, code: 'INTERNAL', msg: 'Сервис файлов недоступен.' }, 500));
    const err = await loaded.then(() => null, (e: unknown) => e);
    expect(userMessage(err)).toBe('Сервис файлов недоступен.');
  });

  it('another query cancels the early call and asks for its own', () => {
    startEarlyList(query());
    void listObjects(query({ sort: '-updated_at' }), new AbortController().signal).catch(() => undefined);
    expect(answers[0]!.signal.aborted).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1].body))).toMatchObject({ sort: '-updated_at' });
  });

  it('the loader\'s abort (unmount, a new query) cancels the early call', () => {
    startEarlyList(query());
    const ctl = new AbortController();
    void listObjects(query(), ctl.signal).catch(() => undefined);
    expect(answers[0]!.signal.aborted).toBe(false);
    ctl.abort();
    expect(answers[0]!.signal.aborted).toBe(true);
  });
});

describe('firstListQuery', () => {
  it('knows the list pages and their first page; other pages get none', () => {
    expect(firstListQuery('/specifications')).toEqual(query());
    expect(firstListQuery('/documents')).toEqual(query({ type: 'documents' }));
    expect(firstListQuery('/documents/folder/a%20b')).toEqual(query({ type: 'documents', root: 'a b' }));
    expect(firstListQuery('/specifications/create')).toBeNull();
    expect(firstListQuery('/documents/templates')).toBeNull();
    expect(firstListQuery('/companies')).toBeNull();
    expect(firstListQuery('/documents/folder/%E0%A4%A')).toBeNull();
  });
});
