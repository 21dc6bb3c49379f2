import 'server-only';

/**
 * The server's modules the maintenance scripts use (scripts/auth-keys.mjs, scripts/user-roles.mjs): its
 * configuration, its way of opening the database (migrations applied), key rotation and roles. The scripts
 * load this file through scripts/lib/server-modules.mjs, which bundles it for plain Node.
 */
export { openConfiguredDatabase, openDatabase } from './db/client';
export { getEnv } from './env';
export { listKeys, pruneKeys, rotateSigningKey } from './services/auth/keys';
export { ROLE_NAME, setUserRoles } from './services/auth/roles';
export { findUserByEmail } from './services/auth/users';
