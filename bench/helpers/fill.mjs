// Data for the list and soak benchmarks: folders of small uploaded files and of specifications, through the real calls.
import { call, postChunk } from './files.mjs';

/** A specification document of `lines` material lines (the shape `specs/create` and `cost/calculate` take). */
export const specDoc = (name, lines) => ({
  schemaVersion: 1,
  name,
  unit: 'шт',
  materials: Array.from({ length: lines }, (_, i) => ({
    id: `m${i}`,
    name: `Материал ${i} — щит мебельный, сосна, 18 мм`,
    unit: 'м²',
    qty: '0,40',
    wastePct: 10,
    price: `${1000 + i},00`,
  })),
  operations: [{ id: 'o1', name: 'Сборка', hours: '0.8', rate: '500' }],
});

/** A product call (`/api/v1/<name>`) that must answer ok. */
export async function product(base, auth, name, body) {
  const res = await fetch(`${base}/api/v1/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, ...auth }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!json.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs `task(i)` for i < count on 4 loops at once. */
async function each(count, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = next++; i < count; i = next++) await task(i);
    }),
  );
}

/** A documents folder of `count` small uploaded files; its id. */
export async function fileFolder(base, port, auth, count) {
  const folder = (await call(base, auth, 'createFolder', { name: 'Договоры', type: 'documents' })).object;
  const source = Buffer.alloc(4096, 7);
  await each(count, async (i) => {
    const size = 1000 + i * 10;
    const up = await call(base, auth, 'createUpload', { name: `Договор ${String(i).padStart(3, '0')}.pdf`, type: 'documents', root: folder.id, size });
    await postChunk({ port, path: '/file-manager-service/api/v1/uploadChunk', headers: auth, uploadId: up.upload_id, chunkId: 0, source, length: size });
    await call(base, auth, 'completeUpload', { upload_id: up.upload_id });
  });
  return folder.id;
}

/** A specifications folder of `count` specifications of `lines` material lines; its id and the ids of the specifications. */
export async function specFolder(base, auth, count, lines = 40) {
  const folder = (await call(base, auth, 'createFolder', { name: 'Изделия', type: 'specifications' })).object;
  const ids = [];
  await each(count, async (i) => {
    ids.push((await product(base, auth, 'specs/create', { doc: specDoc(`Изделие ${i}`, lines), root: folder.id })).object?.id);
  });
  return { folder: folder.id, ids: ids.filter(Boolean) };
}
