import 'server-only';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { log } from '../../log';

const NATIVE = Symbol.for('kalkulus.nativeCrc32');

type Crc32Module = { unsigned: (buf: unknown, previous?: unknown) => number };

/**
 * The folder download's zip (yazl) checksums every byte it streams with `buffer-crc32`, a table loop in
 * JavaScript: half the server's CPU on a large zip. Node's own `zlib.crc32` (Node ≥ 20.15 / 22.2; the project
 * needs ≥ 20.19) does the same in native code, so the module yazl loads is pointed at it — once, and only
 * after the two agree on a sample. Without `zlib.crc32` the JavaScript loop stays. yazl is a server external
 * (next.config.mjs), so the module patched here is the one yazl requires. Answers whether the native one is used.
 */
export function preferNativeCrc32(): boolean {
  const native = (zlib as { crc32?: (data: Uint8Array | string, value?: number) => number }).crc32;
  if (typeof native !== 'function') return false;
  try {
    const fromRoot = createRequire(path.join(process.cwd(), 'package.json'));
    const fromYazl = createRequire(fromRoot.resolve('yazl'));
    const mod = fromYazl('buffer-crc32') as Crc32Module & { [NATIVE]?: true };
    if (mod[NATIVE]) return true;
    const js = mod.unsigned;
    const sample = Buffer.from('Калькулус: проверка CRC-32 перед заменой');
    if (js(sample, 12345) !== native(sample, 12345)) return false;
    mod.unsigned = (buf, previous) =>
      Buffer.isBuffer(buf) && (previous === undefined || typeof previous === 'number') ? native(buf, previous ?? 0) : js(buf, previous);
    mod[NATIVE] = true;
    return true;
  } catch (err) {
    log.warn('zip: native CRC-32 not used', err);
    return false;
  }
}
