/** Files the running server loads outside the bundle (relative to the assembled tree). */
export const REQUIRED: string[];
/** Assembles the container's application tree into `out` (emptied first); answers the missing required files. */
export function assembleImage(out: string): string[];
