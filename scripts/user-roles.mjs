// `npm run user:roles -- <email> [role…]`: sets a user's roles. Without roles — shows them.
// Example: npm run user:roles -- boss@example.ru admin super-admin ; clear: npm run user:roles -- boss@example.ru --none
import { withScriptDb } from './lib/db.mjs';

const [email, ...roles] = process.argv.slice(2);
if (!email || !email.includes('@')) {
  console.error('Использование: npm run user:roles -- <почта> [роль …]   (--none — снять все роли)');
  process.exit(2);
}
const bad = roles.filter((r) => r !== '--none' && !/^[a-z][a-z0-9-]{0,39}$/.test(r));
if (bad.length) {
  console.error(`Недопустимое имя роли: ${bad.join(', ')} (строчные латинские буквы, цифры и дефис)`);
  process.exit(2);
}

await withScriptDb(async (db) => {
  const login = email.trim().toLowerCase();
  const [user] = await db.query('select id, roles from auth_users where email = $1', [login]);
  if (!user) {
    console.error(`Пользователь ${login} не найден.`);
    process.exitCode = 1;
    return;
  }
  if (roles.length === 0) {
    console.log(`${login}: ${user.roles.length ? user.roles.join(', ') : 'ролей нет'}`);
    return;
  }
  const next = roles.includes('--none') ? [] : [...new Set(roles)];
  await db.query('update auth_users set roles = $1, updated_at = now() where id = $2', [next, user.id]);
  console.log(`${login}: роли — ${next.length ? next.join(', ') : 'нет'}. Действует сразу для всех вызовов, проверяющих сеанс.`);
});
