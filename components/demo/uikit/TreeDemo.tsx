'use client';

import { Column } from 'primereact/column';
import { Tree, type TreeCheckboxSelectionKeys, type TreeExpandedKeysType } from 'primereact/tree';
import { TreeTable } from 'primereact/treetable';
import type { TreeNode } from 'primereact/treenode';
import { useState } from 'react';
import data from '../data/uikit.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';

const NODES = data.tree as TreeNode[];

function labelsOf(nodes: TreeNode[], keys: TreeCheckboxSelectionKeys): string[] {
  return nodes.flatMap((n) => {
    const own = keys[String(n.key)]?.checked && !n.children ? [String(n.label)] : [];
    return [...own, ...labelsOf(n.children ?? [], keys)];
  });
}

/** UI kit: a folder tree with check boxes and filter, and the same folders as a tree table. */
export function TreeDemo() {
  const [checked, setChecked] = useState<TreeCheckboxSelectionKeys>({});
  const [expanded, setExpanded] = useState<TreeExpandedKeysType>({ '0': true });
  const picked = labelsOf(NODES, checked);

  return (
    <>
      <DemoPageHeader description="Дерево папок с отметками и поиском; та же структура — таблицей с раскрытием." />
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Дерево</h2>
          <Tree
            value={NODES}
            selectionMode="checkbox"
            selectionKeys={checked}
            onSelectionChange={(e) => setChecked(e.value as TreeCheckboxSelectionKeys)}
            expandedKeys={expanded}
            onToggle={(e) => setExpanded(e.value)}
            filter
            filterPlaceholder="Найти в дереве"
          />
          <p className={styles.muted} data-testid="tree-picked">
            Отмечено файлов: {picked.length}
            {picked.length > 0 && ` (${picked.join(', ')})`}
          </p>
        </section>
        <section className={styles.card}>
          <h2>Таблица-дерево</h2>
          <div className={styles.scrollX}>
            <TreeTable value={NODES} tableStyle={{ minWidth: '24rem' }}>
              <Column field="name" header="Название" expander body={(n: TreeNode) => n.label} />
              <Column field="size" header="Размер" />
              <Column field="type" header="Тип" />
            </TreeTable>
          </div>
        </section>
      </div>
    </>
  );
}
