import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** The table's chunk fails to load the first time, loads the second: the list must neither hang nor stay broken. */
let attempts = 0;
vi.mock('@/components/files/FileListView', () => {
  attempts += 1;
  if (attempts === 1) throw new Error('chunk failed');
  return { FileListView: () => <p>Таблица</p> };
});

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error ? <p>Ошибка</p> : this.props.children;
  }
}

describe('the list table chunk', () => {
  it('a failed load shows the error boundary; a list shown again loads the code again', async () => {
    const { useListView } = await import('@/components/files/list-view-chunk');
    function List() {
      const View = useListView();
      return View ? <>{(View as unknown as () => ReactNode)()}</> : <p>Загрузка</p>;
    }
    const first = render(
      <Boundary>
        <List />
      </Boundary>,
    );
    expect(await screen.findByText('Ошибка')).toBeInTheDocument();
    first.unmount();
    render(
      <Boundary>
        <List />
      </Boundary>,
    );
    // The second mount loads the code again; the list shows the table once it is here.
    expect(await screen.findByText('Таблица')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
