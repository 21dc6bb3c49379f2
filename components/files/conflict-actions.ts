import type { FileObject } from '@/lib/schemas/files';
import { files, nameConflictOf, type NameConflict } from './api';
import type { ConflictChoice } from './NameConflictDialog';

type Ask = (conflict: NameConflict, canReplace: boolean) => Promise<ConflictChoice>;

/** «Заменить» is offered when a file meets a file of the same name (the one there goes to the bin). */
const replaceable = (o: FileObject, c: NameConflict) => o.kind === 'file' && c.existing?.kind === 'file' && c.existing.id !== o.id;

/**
 * Runs `attempt(name?)`; on 409 NAME_TAKEN asks the user: «Заменить» (the object there goes to the bin, then
 * the same attempt), «Оставить оба» (the attempt with the free numbered name), or nothing (false).
 */
export async function withNameConflict(o: FileObject, ask: Ask, attempt: (name?: string) => Promise<unknown>): Promise<boolean> {
  try {
    await attempt();
    return true;
  } catch (e) {
    const c = nameConflictOf(e);
    if (!c) throw e;
    const choice = await ask(c, replaceable(o, c));
    if (choice === 'replace' && c.existing) {
      await files.remove([c.existing.id]);
      await attempt();
      return true;
    }
    if (choice === 'keep' && c.suggested) {
      await attempt(c.suggested);
      return true;
    }
    return false;
  }
}

/** Moves each object to `dest`, asking about each name that is taken there; returns how many moved. */
export async function moveAll(objects: FileObject[], dest: string | null, ask: Ask): Promise<number> {
  let moved = 0;
  for (const o of objects) if (await withNameConflict(o, ask, (name) => files.move(o, dest, name))) moved++;
  return moved;
}
