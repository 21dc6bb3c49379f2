import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDataUrl, isImageType } from '@/components/demo/data-url';
import { DEMO_MESSAGES, demoStorageKey, forgetDemoStores, sameShape, useDemoStore } from '@/components/demo/store';

interface Todo {
  items: { id: string; text: string }[];
  filter: string;
}
const SAMPLE: Todo = { items: [{ id: '1', text: 'Купить хлеб' }], filter: 'all' };

function TodoView({ name = 'todo' }: { name?: string }) {
  const { state, set, reset, error } = useDemoStore('todo', SAMPLE);
  return (
    <div data-testid={name}>
      <ul>
        {state.items.map((i) => (
          <li key={i.id}>{i.text}</li>
        ))}
      </ul>
      {error && <p role="alert">{error}</p>}
      <button onClick={() => set((s) => ({ ...s, items: [...s.items, { id: String(s.items.length + 1), text: 'Позвонить' }] }))}>
        Добавить {name}
      </button>
      <button onClick={reset}>Сбросить {name}</button>
    </div>
  );
}

const saved = () => localStorage.getItem(demoStorageKey('todo'));

beforeEach(() => {
  localStorage.clear();
  forgetDemoStores();
});
afterEach(() => vi.restoreAllMocks());

/** A page reload: the module's memory is gone, localStorage stays. */
function reload() {
  forgetDemoStores();
}

describe('useDemoStore', () => {
  it('starts from the sample and saves a change that survives a reload', () => {
    const first = render(<TodoView />);
    expect(document.documentElement.hasAttribute('data-demo-ready')).toBe(true);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Купить хлеб']);
    expect(saved()).toBeNull();
    fireEvent.click(screen.getByText('Добавить todo'));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(JSON.parse(saved()!)).toEqual({ ...SAMPLE, items: [...SAMPLE.items, { id: '2', text: 'Позвонить' }] });
    first.unmount();
    reload();
    render(<TodoView />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Купить хлеб', 'Позвонить']);
  });

  it('reset brings the sample back and forgets the saved data', () => {
    render(<TodoView />);
    fireEvent.click(screen.getByText('Добавить todo'));
    fireEvent.click(screen.getByText('Сбросить todo'));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(saved()).toBeNull();
  });

  it('components with the same key share one state', () => {
    render(
      <>
        <TodoView name="a" />
        <TodoView name="b" />
      </>,
    );
    fireEvent.click(screen.getByText('Добавить a'));
    expect(screen.getByTestId('b').querySelectorAll('li')).toHaveLength(2);
  });

  it('server render and hydration show the sample, then the saved state — without a hydration error', async () => {
    localStorage.setItem(demoStorageKey('todo'), JSON.stringify({ items: [{ id: '9', text: 'Сохранённое' }], filter: 'done' }));
    // What the server sends: there is no saved data on the server, only the sample.
    const html = renderToString(<TodoView />);
    expect(html).toContain('Купить хлеб');
    expect(html).not.toContain('Сохранённое');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <TodoView />, { onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Сохранённое']);
    container.remove();
  });

  it('corrupted saved data: the sample and a Russian message; the next change overwrites it', () => {
    localStorage.setItem(demoStorageKey('todo'), '{"items": [');
    render(<TodoView />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Купить хлеб']);
    expect(screen.getByRole('alert')).toHaveTextContent(DEMO_MESSAGES.corrupted);
    fireEvent.click(screen.getByText('Добавить todo'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(JSON.parse(saved()!).items).toHaveLength(2);
  });

  it('saved data of another shape counts as corrupted', () => {
    localStorage.setItem(demoStorageKey('todo'), JSON.stringify({ items: 'нет', filter: 'all' }));
    render(<TodoView />);
    expect(screen.getByRole('alert')).toHaveTextContent(DEMO_MESSAGES.corrupted);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('over quota: the change stays for this visit with a Russian message, the saved data is untouched', () => {
    render(<TodoView />);
    fireEvent.click(screen.getByText('Добавить todo'));
    const before = saved();
    // The browser's quota is the edge of the world here: make it full.
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    fireEvent.click(screen.getByText('Добавить todo'));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('alert')).toHaveTextContent(DEMO_MESSAGES.quota);
    expect(saved()).toBe(before);
    vi.restoreAllMocks();
    fireEvent.click(screen.getByText('Сбросить todo'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it("another tab's change arrives through the storage event", () => {
    render(<TodoView />);
    const value = JSON.stringify({ items: [{ id: '5', text: 'Из другой вкладки' }], filter: 'all' });
    localStorage.setItem(demoStorageKey('todo'), value);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: demoStorageKey('todo'), newValue: value }));
    });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Из другой вкладки']);
  });
});

describe('sameShape', () => {
  it('compares kinds and the sample keys, shallowly', () => {
    expect(sameShape(SAMPLE, { items: [], filter: 'x', extra: 1 })).toBe(true);
    expect(sameShape(SAMPLE, { items: [] })).toBe(false);
    expect(sameShape(SAMPLE, [])).toBe(false);
    expect(sameShape([1], [])).toBe(true);
    expect(sameShape(SAMPLE, null)).toBe(false);
  });
});

describe('readDataUrl', () => {
  it('reads a small file as a data URL', async () => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'обложка.png', { type: 'image/png' });
    const r = await readDataUrl(file, 1024, isImageType);
    expect(r).toMatchObject({ ok: true, name: 'обложка.png', size: 4, type: 'image/png' });
    expect(r.ok && r.url.startsWith('data:image/png;base64,')).toBe(true);
  });

  it('refuses a file over the limit and a wrong type, in Russian', async () => {
    const big = new File([new Uint8Array(2048)], 'фото.png', { type: 'image/png' });
    expect(await readDataUrl(big, 1024)).toEqual({
      ok: false,
      message: 'Файл «фото.png» — 2 КБ, а в демо можно не больше 1 КБ: данные хранятся в браузере.',
    });
    const pdf = new File(['%PDF'], 'счёт.pdf', { type: 'application/pdf' });
    const r = await readDataUrl(pdf, 1024, isImageType);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/выберите изображение/);
  });
});
