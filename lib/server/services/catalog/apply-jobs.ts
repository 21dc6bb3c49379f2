import 'server-only';
import type { importOnWire } from './import-model';

export type ImportWire = ReturnType<typeof importOnWire>;

/**
 * Applies in progress in this process: the import as `catalog/import/status` answers it, with its progress (no
 * write per batch on PGlite); on PostgreSQL the progress is also written into the import's row (other instances
 * read it).
 */
const KEY = Symbol.for('kalkulus.catalogApplyJobs');
const holder = globalThis as { [KEY]?: Map<string, { ownerId: string; wire: ImportWire }> };
export const jobs = (holder[KEY] ??= new Map());

export function liveApply(ownerId: string, importId: string): ImportWire | undefined {
  const job = jobs.get(importId);
  return job && job.ownerId === ownerId ? { ...job.wire } : undefined;
}

/** Whether this process is applying the import (whoever owns it). */
export const applyingHere = (importId: string) => jobs.has(importId);
