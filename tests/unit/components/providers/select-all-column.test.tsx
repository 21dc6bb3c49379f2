import { render, screen } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { describe, expect, it } from 'vitest';
import { SELECT_ALL_COLUMN_PT, applyPrimeLocaleRu } from '@/components/providers/prime-locale-ru';

const rows = [
  { id: '1', name: 'Смета' },
  { id: '2', name: 'Договор' },
];

describe('флажок «выбрать все» в заголовке таблицы', () => {
  it('подписан по-русски', () => {
    applyPrimeLocaleRu();
    render(
      <DataTable value={rows} dataKey="id" selectionMode="checkbox" selection={[]} onSelectionChange={() => {}}>
        <Column selectionMode="multiple" pt={SELECT_ALL_COLUMN_PT} />
        <Column field="name" header="Название" />
      </DataTable>,
    );
    expect(screen.getAllByRole('checkbox', { name: 'Выбрать все строки' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('checkbox', { name: /All items/ })).toBeNull();
  });

  it('каждая колонка выбора в приложении получает эту подпись', () => {
    const missing: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const abs = path.join(dir, e.name);
        if (e.isDirectory()) walk(abs);
        else if (e.name.endsWith('.tsx')) {
          for (const tag of fs.readFileSync(abs, 'utf8').match(/<Column\b[^>]*selectionMode="multiple"[^>]*>/g) ?? [])
            if (!tag.includes('pt={SELECT_ALL_COLUMN_PT}')) missing.push(path.relative(process.cwd(), abs));
        }
      }
    };
    walk(path.join(process.cwd(), 'components'));
    walk(path.join(process.cwd(), 'app'));
    expect(missing).toEqual([]);
  });
});
