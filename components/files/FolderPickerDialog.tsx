'use client';

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Tree, type TreeEventNodeEvent } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { useState } from 'react';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import type { FileType } from '@/lib/schemas/files';
import { files } from './api';

const ROOT_KEY = '__root__';

async function foldersIn(root: string | null, type: FileType, exclude: Set<string>): Promise<TreeNode[]> {
  const r = await files.list({ root, type, search: '', sort: 'name', offset: 0, limit: 1000, scope: 'own' }).then((x) => x.objects);
  return r
    .filter((o) => o.kind === 'folder' && !exclude.has(o.id))
    .map((o) => ({ key: o.id, label: o.name, icon: 'pi pi-folder', leaf: false, children: undefined }));
}

/** Picks a destination folder from the tree (loaded lazily); the objects being moved are not offered. */
export function FolderPickerDialog({
  title,
  submitLabel,
  type,
  exclude,
  rootLabel,
  onPick,
  onClose,
}: {
  title: string;
  submitLabel: string;
  type: FileType;
  exclude: string[];
  rootLabel: string;
  onPick: (folderId: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const [nodes, setNodes] = useState<TreeNode[]>([{ key: ROOT_KEY, label: rootLabel, icon: 'pi pi-home', leaf: false, children: undefined }]);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({ [ROOT_KEY]: true });
  const [selected, setSelected] = useState<string>(ROOT_KEY);
  const [actionError, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const excluded = new Set(exclude);

  const load = async (node: TreeNode) => {
    if (node.children) return;
    try {
      const children = await foldersIn(node.key === ROOT_KEY ? null : String(node.key), type, excluded);
      const fill = (list: TreeNode[]): TreeNode[] =>
        list.map((n) => (n.key === node.key ? { ...n, children, leaf: children.length === 0 } : n.children ? { ...n, children: fill(n.children) } : n));
      setNodes((list) => fill(list));
    } catch (e) {
      setError(userMessage(e));
    }
  };
  // The top level is read when the dialog opens and placed under the root; deeper levels as they are opened.
  const top = useLoad(() => foldersIn(null, type, new Set(exclude)), []);
  const error = actionError ?? top.error;
  const [placed, setPlaced] = useState<TreeNode[] | undefined>();
  if (top.data && top.data !== placed) {
    const children = top.data;
    setPlaced(children);
    setNodes((list) => list.map((n) => (n.key === ROOT_KEY ? { ...n, children, leaf: children.length === 0 } : n)));
  }

  const submit = async () => {
    setBusy(true);
    try {
      await onPick(selected === ROOT_KEY ? null : selected);
      onClose();
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={title} visible onHide={onClose} style={{ width: '30rem', maxWidth: '95vw' }} modal>
      <Tree
        value={nodes}
        selectionMode="single"
        selectionKeys={selected}
        onSelectionChange={(e) => typeof e.value === 'string' && setSelected(e.value)}
        expandedKeys={expanded}
        onToggle={(e) => setExpanded(e.value as Record<string, boolean>)}
        onExpand={(e: TreeEventNodeEvent) => void load(e.node)}
        aria-label="Папки"
        style={{ maxHeight: '50vh', overflow: 'auto' }}
      />
      {error && (
        <div role="alert" className="p-error">
          {error}
        </div>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: '0.5rem', marginTop: '0.75rem' }}>
        <Button type="button" label="Отмена" text onClick={onClose} />
        <Button type="button" label={submitLabel} loading={busy} onClick={() => void submit()} />
      </div>
    </Dialog>
  );
}
