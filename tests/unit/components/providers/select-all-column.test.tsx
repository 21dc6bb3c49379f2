import { render, screen } from '@testing-library/react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/components/providers/Providers';

const rows = [
  { id: '1', name: 'Смета' },
  { id: '2', name: 'Договор' },
];

describe('флажки выбора в таблице', () => {
  it('«выбрать все» подписан по-русски, и у каждого флажка одна роль — у настоящего поля', () => {
    const { container } = render(
      <Providers>
        <DataTable value={rows} dataKey="id" selectionMode="checkbox" selection={[]} onSelectionChange={() => {}}>
          <Column selectionMode="multiple" />
          <Column field="name" header="Название" />
        </DataTable>
      </Providers>,
    );
    const all = screen.getByRole('checkbox', { name: 'Выбрать все строки' });
    expect(all.tagName).toBe('INPUT');
    expect(container.querySelector('thead')!.textContent).not.toMatch(/All items/);
    expect(container.querySelectorAll('[aria-label*="All items"]')).toHaveLength(0);
    // No wrapper claims role="checkbox" without aria-checked: only the inputs are checkboxes.
    expect([...container.querySelectorAll('[role="checkbox"]')].filter((el) => el.tagName !== 'INPUT')).toHaveLength(0);
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
  });
});
