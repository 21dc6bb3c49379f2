'use client';

import type { CatalogGroup } from './api';
import s from './catalog.module.css';

interface Node {
  group: CatalogGroup;
  children: Node[];
}

/** The groups as a tree by `parentId` (an unknown parent puts a group at the top), each level by name. */
export function groupTree(groups: readonly CatalogGroup[]): Node[] {
  const byId = new Map(groups.map((g) => [g.id, { group: g, children: [] as Node[] }]));
  const roots: Node[] = [];
  for (const n of byId.values()) {
    const parent = n.group.parentId ? byId.get(n.group.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  const sort = (list: Node[]) => {
    list.sort((a, b) => a.group.name.localeCompare(b.group.name, 'ru'));
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

/** «ЛДСП › Белые»: the group's name with its ancestors (for a picker's options). */
export function groupPaths(groups: readonly CatalogGroup[]): { id: string; label: string }[] {
  const out: { id: string; label: string }[] = [];
  const walk = (nodes: Node[], prefix: string) => {
    for (const n of nodes) {
      const label = prefix ? `${prefix} › ${n.group.name}` : n.group.name;
      out.push({ id: n.group.id, label });
      walk(n.children, label);
    }
  };
  walk(groupTree(groups), '');
  return out;
}

/**
 * The group filter beside the item table: «Все группы», «Без группы» and the tree. Plain buttons in nested
 * lists (no tree widget's code on the page); the chosen one carries `aria-current`.
 */
export function GroupTree({ groups, value, onChange }: { groups: readonly CatalogGroup[]; value: string | null; onChange: (id: string | null) => void }) {
  const render = (nodes: Node[]) => (
    <ul className={s.groupList}>
      {nodes.map((n) => (
        <li key={n.group.id}>
          <button type="button" className={s.groupBtn} aria-current={value === n.group.id} onClick={() => onChange(n.group.id)}>
            {n.group.name}
          </button>
          {n.children.length > 0 && render(n.children)}
        </li>
      ))}
    </ul>
  );
  return (
    <nav className={s.groups} aria-label="Группы номенклатуры">
      <h2>Группы</h2>
      <ul className={s.groupList}>
        <li>
          <button type="button" className={s.groupBtn} aria-current={value === null} onClick={() => onChange(null)}>
            Все группы
          </button>
        </li>
      </ul>
      {render(groupTree(groups))}
    </nav>
  );
}
