import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileList } from '@/components/files/FileList';
import { preloadListView } from '@/components/files/list-view-chunk';

const props = {
  view: 'table' as const,
  objects: [],
  total: 0,
  offset: 0,
  loading: false,
  specs: true,
  selected: [],
  setSelected: () => undefined,
  hrefOf: () => '/',
  open: () => undefined,
  onPage: () => undefined,
  empty: <div>Здесь пока пусто.</div>,
};

describe('FileList', () => {
  it('with the table\'s code already loaded, the first render draws the table — no loading line, no Suspense retry', async () => {
    // The module started loading it when imported (as the page's code runs); wait for that load to be over.
    await preloadListView();
    render(<FileList {...props} />);
    // Synchronously after the first render: a lazy component would show «Загрузка…» first and be revealed later.
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Здесь пока пусто.')).toBeInTheDocument();
  });
});
