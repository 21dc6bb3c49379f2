// `npm run auth:keys -- rotate|list|prune`: signing keys of the embedded auth service.
// rotate: a new RS256 key signs from now on; the old one stays valid for verification for 12 h 1 min
// (the longest access token), so nobody is signed out. Running servers pick the new key up within a minute.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { withScriptDb } from './lib/db.mjs';

const MAX_ACCESS_S = 720 * 60;
const cmd = process.argv[2] ?? 'list';

function newKey() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return { kid: `k${day}-${randomBytes(6).toString('hex')}`, privateKey, publicKey };
}

const fmt = (d) => (d ? new Date(d).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }) : '—');

await withScriptDb(async (db) => {
  if (cmd === 'rotate') {
    const key = newKey();
    await db.query('begin');
    try {
      await db.query(
        `update auth_keys set retired_at = now(), verify_until = now() + make_interval(secs => $1) where retired_at is null`,
        [MAX_ACCESS_S + 60],
      );
      await db.query('insert into auth_keys (kid, private_key, public_key) values ($1, $2, $3)', [
        key.kid,
        key.privateKey,
        key.publicKey,
      ]);
      await db.query('commit');
    } catch (err) {
      await db.query('rollback');
      throw err;
    }
    console.log(`Новый ключ подписи: ${key.kid}. Прежние ключи проверяют выданные токены ещё 12 ч 1 мин.`);
  } else if (cmd === 'prune') {
    const gone = await db.query('delete from auth_keys where verify_until < now() returning kid');
    console.log(gone.length ? `Удалены устаревшие ключи: ${gone.map((r) => r.kid).join(', ')}` : 'Устаревших ключей нет.');
  } else if (cmd === 'list') {
    const rows = await db.query('select kid, created_at, retired_at, verify_until from auth_keys order by created_at');
    if (rows.length === 0) console.log('Ключей ещё нет: сервер создаст первый при запуске.');
    for (const r of rows) {
      const state = r.retired_at ? `только проверка до ${fmt(r.verify_until)}` : 'подписывает';
      console.log(`${r.kid}  создан ${fmt(r.created_at)}  ${state}`);
    }
  } else {
    console.error('Использование: npm run auth:keys -- rotate | list | prune');
    process.exitCode = 2;
  }
});
