// The chunk worker of chunk-hasher.ts (a worker thread, one per server process): carries each upload's
// SHA-256 on from chunk to chunk and, for the disk store, writes the chunks into the upload's file. Plain
// JavaScript with Node built-ins only, so it runs as it is under the tests and as its own entry in the build.
// Messages are handled in order, so `end` and `finish` answer only after every batch sent before them was
// handled.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const TTL_MS = 48 * 3600 * 1000;
const MAX = 10000;
// job → { hash (the file's, continued by this chunk) | null, write (the chunk goes to a file: its bytes
// wait in held until released), held, fd, file, offset, limit, at, writing, error, then }
const jobs = new Map();
const files = new Map();  // upload → { next, hash, keys, at }
const { O_WRONLY, O_CREAT } = fs.constants;
function openFile(file) {
  try { return fs.openSync(file, O_WRONLY | O_CREAT, 0o644); } catch (e) {
    if (e.code !== 'ENOENT') throw e;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return fs.openSync(file, O_WRONLY | O_CREAT, 0o644);
  }
}
const giveBack = (bytes) => parentPort.postMessage({ spare: bytes.buffer }, [bytes.buffer]);
// Runs j.then (end or forget) once the job's writes are all done.
function settle(j) {
  if (j.writing > 0 || !j.then) return;
  const then = j.then;
  j.then = null;
  then();
}
function closeJob(j) {
  for (const b of j.held) giveBack(b);
  j.held = [];
  if (j.fd !== null) { try { fs.closeSync(j.fd); } catch (e) { j.error = j.error || e; } j.fd = null; }
}
// Writes bytes at the chunk's place in the file on the thread pool (the next batch is hashed meanwhile),
// never past the chunk's length; the batch goes back once written.
function write(j, bytes) {
  if (j.error || j.fd === null) { giveBack(bytes); return; }
  const at = j.at;
  j.at += bytes.length;
  if (j.at > j.limit) { j.error = new Error('chunk longer than planned'); giveBack(bytes); return; }
  j.writing++;
  const go = (from, pos) => fs.write(j.fd, bytes, from, bytes.length - from, pos, (err, n) => {
    if (!err && from + n < bytes.length) { go(from + n, pos + n); return; }
    if (err) j.error = j.error || err;
    j.writing--;
    giveBack(bytes);
    settle(j);
  });
  go(0, j.offset + at);
}
parentPort.on('message', (m) => {
  switch (m.op) {
    case 'begin': {
      const s = files.get(m.upload);
      let hash = null;
      if (m.chunk === 0 && !s) hash = createHash('sha256');
      else if (s && s.next === m.chunk && Date.now() - s.at <= TTL_MS) hash = s.hash.copy();
      else if (s && m.chunk < s.next) files.delete(m.upload); // a re-sent chunk: the carried hash is not the file's
      jobs.set(m.job, { hash, write: !!m.write, held: [], fd: null, file: null, offset: 0, limit: 0, at: 0, writing: 0, error: null, then: null });
      break;
    }
    case 'release': {
      const j = jobs.get(m.job);
      if (!j) break;
      j.file = m.file; j.offset = m.offset; j.limit = m.limit;
      try { j.fd = openFile(m.file); } catch (e) { j.error = e; }
      const held = j.held;
      j.held = [];
      for (const b of held) write(j, b);
      break;
    }
    case 'data': {
      const j = jobs.get(m.job);
      if (!j) { giveBack(m.bytes); break; }
      if (j.hash) j.hash.update(m.bytes);
      if (!j.write) giveBack(m.bytes);
      else if (j.file === null) j.held.push(m.bytes);
      else write(j, m.bytes);
      break;
    }
    case 'end': {
      const j = jobs.get(m.job);
      if (!j) { parentPort.postMessage({ reply: m.reply, value: { error: 'unknown job' } }); break; }
      j.then = () => {
        closeJob(j);
        const e = j.error;
        parentPort.postMessage({ reply: m.reply, value: e ? { error: String(e.message || e), code: e.code || null } : {} });
      };
      settle(j);
      break;
    }
    case 'commit': {
      const j = jobs.get(m.job);
      jobs.delete(m.job);
      const hash = j && j.hash;
      if (!hash) break; // not in order: the carried state (if any) waits for the chunk it needs
      const prev = files.get(m.upload);
      files.delete(m.upload);
      if (m.chunk > 0 && (!prev || prev.next !== m.chunk)) break;
      if (files.size >= MAX) files.delete(files.keys().next().value);
      files.set(m.upload, { next: m.chunk + 1, hash, at: Date.now(), keys: [...(m.chunk > 0 ? prev.keys : []), m.key] });
      break;
    }
    case 'forget': {
      const j = jobs.get(m.job);
      jobs.delete(m.job);
      if (!j) break;
      j.then = () => closeJob(j);
      settle(j);
      break;
    }
    case 'finish': {
      const s = files.get(m.upload);
      files.delete(m.upload);
      const ok = s && s.next === m.keys.length && s.keys.length === m.keys.length && s.keys.every((k, i) => k === m.keys[i]);
      parentPort.postMessage({ reply: m.reply, value: ok ? s.hash.digest('hex') : null });
      break;
    }
    case 'drop': files.delete(m.upload); break;
  }
});
