import 'server-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The source text of a block file of this folder, as the «Показать код» panel shows it. */
export function blockSource(file: string): string {
  return readFileSync(join(process.cwd(), 'components', 'demo', 'blocks', file), 'utf8');
}
