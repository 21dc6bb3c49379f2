// `npm run user:roles -- <email> [role…]`: sets a user's roles through the server's own modules
// (lib/server/services/auth/roles.ts). Without roles — shows them.
// Example: npm run user:roles -- boss@example.ru admin super-admin ; clear: npm run user:roles -- boss@example.ru --none
import { withServerDb } from './lib/server-modules.mjs';

const [email, ...roles] = process.argv.slice(2);
if (!email || !email.includes('@')) {
  console.error('Использование: npm run user:roles -- <почта> [роль …]   (--none — снять все роли)');
  process.exit(2);
}

await withServerDb(async ({ admin, db }) => {
  const bad = roles.filter((r) => r !== '--none' && !admin.ROLE_NAME.test(r));
  if (bad.length) {
    console.error(`Недопустимое имя роли: ${bad.join(', ')} (строчные латинские буквы, цифры и дефис)`);
    process.exitCode = 2;
    return;
  }
  const login = email.trim().toLowerCase();
  if (roles.length === 0) {
    const user = await admin.findUserByEmail({ db }, login);
    if (user) console.log(`${login}: ${user.roles.length ? user.roles.join(', ') : 'ролей нет'}`);
    else notFound(login);
    return;
  }
  const next = await admin.setUserRoles({ db }, login, roles.includes('--none') ? [] : roles);
  if (!next) return notFound(login);
  console.log(`${login}: роли — ${next.length ? next.join(', ') : 'нет'}. Действует сразу для всех вызовов, проверяющих сеанс.`);
});

function notFound(login) {
  console.error(`Пользователь ${login} не найден.`);
  process.exitCode = 1;
}
