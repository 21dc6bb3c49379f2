/**
 * Temporary lockout of one (account, client address) pair after wrong passwords, the way Keycloak's brute-force
 * detection does it, but per pair: an attacker's failures lock only the attacker's address, never the owner's.
 * The first FREE_FAILURES wrong passwords cost nothing; from then on each one makes the pair wait, twice as long
 * as the one before, from WAIT_STEP_S up to MAX_WAIT_S. A right password clears the count; so does a pause of
 * FORGET_AFTER_S without failures.
 */
export const LOCKOUT = {
  FREE_FAILURES: 5,
  WAIT_STEP_S: 30,
  MAX_WAIT_S: 15 * 60,
  FORGET_AFTER_S: 12 * 60 * 60,
} as const;

/** Seconds a pair waits after its `failures`-th wrong password (`scale` multiplies the free failures). */
export function lockoutWaitS(failures: number, scale = 1): number {
  const free = LOCKOUT.FREE_FAILURES * scale;
  if (failures < free) return 0;
  const doublings = Math.min(failures - free, 10);
  return Math.min(LOCKOUT.MAX_WAIT_S, LOCKOUT.WAIT_STEP_S * 2 ** doublings);
}

/**
 * Seconds left until the pair may try again, given its failure count and the seconds since its last failure;
 * 0 when it may try now (no failures, fewer than the free ones, the wait over, or forgotten).
 */
export function lockoutLeftS(failures: number | null | undefined, sinceLastS: number | null | undefined, scale = 1): number {
  if (!failures || sinceLastS === null || sinceLastS === undefined) return 0;
  if (sinceLastS >= LOCKOUT.FORGET_AFTER_S) return 0;
  return Math.max(0, Math.ceil(lockoutWaitS(failures, scale) - sinceLastS));
}
