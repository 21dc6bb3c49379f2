import 'server-only';
import type { CallTable } from '../../gateway/types';

/** auth-back v2 calls (API.md §2), filled in by the sign-in issue. */
export const authCalls: CallTable = {};
