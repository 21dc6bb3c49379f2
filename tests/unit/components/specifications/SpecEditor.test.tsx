import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SpecDocument } from '@/lib/domain/cost';
import { SpecEditor } from '@/components/specifications/SpecEditor';

const big = (n: number): SpecDocument => ({
  schemaVersion: 1,
  name: 'Большая',
  unit: 'шт',
  outputQty: '1',
  materials: Array.from({ length: n }, (_, i) => ({ id: `m${i}`, name: `Материал ${i}`, unit: 'кг', qty: '1', price: '10' })),
  operations: [],
});

function Harness({ initial, onDoc }: { initial: SpecDocument; onDoc?: (d: SpecDocument) => void }) {
  const [doc, setDoc] = useState(initial);
  return (
    <SpecEditor
      value={doc}
      onChange={(next) =>
        setDoc((prev) => {
          const d = typeof next === 'function' ? next(prev) : next;
          onDoc?.(d);
          return d;
        })
      }
    />
  );
}

describe('SpecEditor with a long materials table', () => {
  it('renders only the rows in view, with spacers standing in for the rest', () => {
    const { container } = render(<Harness initial={big(2000)} />);
    const rows = container.querySelectorAll('tr[data-row]');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(screen.getByLabelText('Материал 1: количество')).toBeInTheDocument();
    expect(screen.queryByLabelText('Материал 1001: количество')).toBeNull();
  });

  it('scrolling the box renders the rows there; typing edits that line only', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      let last: SpecDocument | undefined;
      render(<Harness initial={big(2000)} onDoc={(d) => (last = d)} />);
      const box = screen.getByTestId('materials-scroll');
      box.scrollTop = 1000 * 44;
      fireEvent.scroll(box);
      await act(async () => {
        vi.advanceTimersToNextFrame();
      });
      const qty = screen.getByLabelText('Материал 1001: количество');
      expect(screen.queryByLabelText('Материал 1: количество')).toBeNull();
      fireEvent.change(qty, { target: { value: '7' } });
      expect(last?.materials[1000]?.qty).toBe('7');
      expect(last?.materials.filter((m) => m.qty !== '1')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
