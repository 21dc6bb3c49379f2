// `npm run auth:keys -- rotate|list|prune`: signing keys of the embedded auth service, through the server's
// own key module (lib/server/services/auth/keys.ts).
// rotate: a new RS256 key signs from now on; the old one stays valid for verification for 12 h 1 min
// (the longest access token), so nobody is signed out. Running servers pick the new key up within a minute.
import { withServerDb } from './lib/server-modules.mjs';

const cmd = process.argv[2] ?? 'list';
const fmt = (d) => (d ? new Date(d).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }) : '—');

if (!['rotate', 'prune', 'list'].includes(cmd)) {
  console.error('Использование: npm run auth:keys -- rotate | list | prune');
  process.exit(2);
}

await withServerDb(async ({ admin, db }) => {
  if (cmd === 'rotate') {
    const kid = await admin.rotateSigningKey(db);
    console.log(`Новый ключ подписи: ${kid}. Прежние ключи проверяют выданные токены ещё 12 ч 1 мин.`);
  } else if (cmd === 'prune') {
    const gone = await admin.pruneKeys(db);
    console.log(gone.length ? `Удалены устаревшие ключи: ${gone.join(', ')}` : 'Устаревших ключей нет.');
  } else {
    const keys = await admin.listKeys(db);
    if (keys.length === 0) console.log('Ключей ещё нет: сервер создаст первый при запуске.');
    for (const k of keys) {
      const state = k.retiredAt ? `только проверка до ${fmt(k.verifyUntil)}` : 'подписывает';
      console.log(`${k.kid}  создан ${fmt(k.createdAt)}  ${state}`);
    }
  }
});
