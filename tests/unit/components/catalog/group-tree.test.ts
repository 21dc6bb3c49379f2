import { describe, expect, it } from 'vitest';
import type { CatalogGroup } from '@/lib/schemas/catalog';
import { groupPaths, groupTree } from '@/components/catalog/GroupTree';

const g = (id: string, name: string, parentId: string | null = null): CatalogGroup => ({ id, name, parentId, version: 1, itemCount: 0 });

describe('the catalogue groups as a tree', () => {
  const groups = [g('f', 'Фурнитура'), g('l', 'ЛДСП', 'p'), g('p', 'Плитные материалы'), g('e', 'Ёлка, массив', 'p'), g('x', 'Потерянная', 'gone')];
  it('nests by parent, each level by Russian name; an unknown parent puts a group at the top', () => {
    expect(groupTree(groups).map((n) => [n.group.name, n.children.map((c) => c.group.name)])).toEqual([
      ['Плитные материалы', ['Ёлка, массив', 'ЛДСП']],
      ['Потерянная', []],
      ['Фурнитура', []],
    ]);
  });
  it('names each group with its ancestors for a picker, in tree order', () => {
    expect(groupPaths(groups).map((p) => p.label)).toEqual(['Плитные материалы', 'Плитные материалы › Ёлка, массив', 'Плитные материалы › ЛДСП', 'Потерянная', 'Фурнитура']);
  });
});
