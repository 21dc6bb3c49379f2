import 'server-only';
import type { CallTable } from '../../gateway/types';

/** Notifications: keys `api/v1/<call>` and `private/<call>`; filled in by the notifications issue. */
export const notyCalls = {} satisfies CallTable;
