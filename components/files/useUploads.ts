'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFile } from '@/lib/client/uploader';
import { userMessage } from '@/lib/client/messages';
import type { FileObject, FileType } from '@/lib/schemas/files';
import { files as filesApi, nameConflictOf, type NameConflict } from './api';

export interface UploadTask {
  key: string;
  name: string;
  total: number;
  loaded: number;
  state: 'queued' | 'uploading' | 'retrying' | 'done' | 'error' | 'cancelled';
  error?: string;
  object?: FileObject;
  /** The name is taken in the folder: «Заменить» / «Оставить оба» are offered. */
  conflict?: NameConflict;
}

const PARALLEL = 2;
let seq = 0;

/** The queue behind the hook: plain object, so callbacks never close over stale state. */
class UploadQueue {
  private controllers = new Map<string, AbortController>();
  private files = new Map<string, { file: File; root: string | null }>();
  private waiting: string[] = [];
  private running = 0;
  constructor(
    private readonly patch: (key: string, p: Partial<UploadTask>) => void,
    private readonly settings: { current: { type: FileType; onUploaded: (o: FileObject) => void } },
  ) {}

  add(file: File, root: string | null): string {
    const key = `u${++seq}`;
    this.files.set(key, { file, root });
    this.waiting.push(key);
    return key;
  }

  retry(key: string): boolean {
    if (!this.files.has(key)) return false;
    this.waiting.push(key);
    return true;
  }

  /** The same bytes under another name (for «Оставить оба»). */
  rename(key: string, name: string): boolean {
    const entry = this.files.get(key);
    if (!entry) return false;
    entry.file = new File([entry.file], name, { type: entry.file.type, lastModified: entry.file.lastModified });
    return true;
  }

  cancel(key: string): boolean {
    this.waiting = this.waiting.filter((k) => k !== key);
    this.files.delete(key);
    const ctl = this.controllers.get(key);
    ctl?.abort();
    return ctl !== undefined;
  }

  pump(): void {
    while (this.running < PARALLEL && this.waiting.length > 0) {
      const key = this.waiting.shift()!;
      const entry = this.files.get(key);
      if (!entry) continue;
      const ctl = new AbortController();
      this.controllers.set(key, ctl);
      this.running++;
      this.patch(key, { state: 'uploading', error: undefined, conflict: undefined });
      uploadFile(entry.file, {
        type: this.settings.current.type,
        root: entry.root,
        signal: ctl.signal,
        onProgress: (loaded) => this.patch(key, { loaded, state: 'uploading' }),
        onRetry: () => this.patch(key, { state: 'retrying' }),
      })
        .then((object) => {
          this.patch(key, { state: 'done', loaded: entry.file.size, object });
          this.files.delete(key);
          this.settings.current.onUploaded(object);
        })
        .catch((e: unknown) => {
          if (ctl.signal.aborted) this.patch(key, { state: 'cancelled' });
          else this.patch(key, { state: 'error', error: userMessage(e), conflict: nameConflictOf(e) ?? undefined });
        })
        .finally(() => {
          this.running--;
          this.controllers.delete(key);
          this.pump();
        });
    }
  }
}

/** Upload tasks of the page: many files at once (two at a time), cancel one, retry a failed one (it resumes). */
export function useUploads(opts: { type: FileType; onUploaded: (o: FileObject) => void }) {
  const [tasks, setTasks] = useState<UploadTask[]>([]);
  const settings = useRef(opts);
  useEffect(() => {
    settings.current = opts;
  });
  const patch = useCallback((key: string, p: Partial<UploadTask>) => {
    setTasks((list) => list.map((t) => (t.key === key ? { ...t, ...p } : t)));
  }, []);
  const [queue] = useState(() => new UploadQueue(patch, settings));

  const add = useCallback(
    (list: File[], root: string | null) => {
      const fresh: UploadTask[] = list.map((file) => ({ key: queue.add(file, root), name: file.name, total: file.size, loaded: 0, state: 'queued' }));
      setTasks((t) => [...t.filter((x) => x.state !== 'done' && x.state !== 'cancelled'), ...fresh]);
      queue.pump();
    },
    [queue],
  );
  const cancel = useCallback(
    (key: string) => {
      if (!queue.cancel(key)) patch(key, { state: 'cancelled' });
    },
    [queue, patch],
  );
  const retry = useCallback(
    (key: string) => {
      if (!queue.retry(key)) return;
      patch(key, { state: 'queued', error: undefined });
      queue.pump();
    },
    [queue, patch],
  );
  /** A name conflict settled: «Заменить» moves the file there to the bin first; «Оставить оба» takes the numbered name. */
  const settle = useCallback(
    async (key: string, choice: 'replace' | 'keep', conflict: NameConflict) => {
      try {
        if (choice === 'replace' && conflict.existing) await filesApi.remove([conflict.existing.id]);
        if (choice === 'keep' && conflict.suggested) {
          queue.rename(key, conflict.suggested);
          patch(key, { name: conflict.suggested });
        }
      } catch (e) {
        patch(key, { error: userMessage(e) });
        return;
      }
      if (!queue.retry(key)) return;
      patch(key, { state: 'queued', error: undefined, conflict: undefined });
      queue.pump();
    },
    [queue, patch],
  );
  const clearFinished = useCallback(
    () => setTasks((t) => t.filter((x) => x.state === 'queued' || x.state === 'uploading' || x.state === 'retrying' || x.state === 'error')),
    [],
  );
  return { tasks, add, cancel, retry, settle, clearFinished };
}
