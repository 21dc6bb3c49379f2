import { decodeJwt } from 'jose';

/**
 * The signed-in user's roles, cached in localStorage `userRoles` (a JSON array) for the screens that
 * show admin controls (the rates page). Written from every new access token — login, registration,
 * OAuth and Telegram sign-in, a silent refresh, the shell's session check — and removed on sign-out
 * and when the session cannot be renewed. Only a display hint: the servers check the roles on every call.
 */
export const ROLES_STORAGE = 'userRoles';

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function storeRoles(roles: readonly string[]): void {
  storage()?.setItem(ROLES_STORAGE, JSON.stringify(roles.map(String)));
}

/** Caches the roles claim of an access token (read without checking the signature; see above). */
export function rememberRolesOf(accessToken: string): void {
  try {
    const { roles } = decodeJwt(accessToken);
    storeRoles(Array.isArray(roles) ? roles.map(String) : []);
  } catch {
    // Not a JWT (an upstream's opaque token): the shell's session check fills the cache.
  }
}

export function forgetRoles(): void {
  storage()?.removeItem(ROLES_STORAGE);
}

/** Roles cached from the last token; a broken record is only logged. */
export function getRoles(): string[] {
  const raw = storage()?.getItem(ROLES_STORAGE);
  if (!raw) return [];
  try {
    const roles = JSON.parse(raw) as unknown;
    return Array.isArray(roles) ? roles.map(String) : [];
  } catch (err) {
    console.error('userRoles in localStorage is not JSON', err);
    return [];
  }
}

/** `admin` and `super-admin` together (restricts no screen). */
export const isSuperAdmin = (): boolean => {
  const roles = getRoles();
  return roles.includes('admin') && roles.includes('super-admin');
};
