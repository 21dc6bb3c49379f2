import 'server-only';
import type { CallTable } from '../../gateway/types';

/** file-manager v1 calls (API.md §3), incl. `file/:id` and `files`; filled in by the file-manager issue. */
export const fileCalls: CallTable = {};
