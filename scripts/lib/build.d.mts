export const root: string;
/** Whether `.next` holds a build of the current sources. */
export function buildIsFresh(): boolean;
/**
 * Builds when the build is missing or stale. Returns true when the build is usable. `typecheck: false` when the
 * caller checks types itself: the build then skips its own pass.
 */
export function ensureBuild(opts?: { quiet?: boolean; typecheck?: boolean }): boolean;
