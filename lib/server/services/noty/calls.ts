import 'server-only';
import type { CallTable } from '../../gateway/types';

/**
 * Notifications have no embedded calls: with NOTY_URL every `/noty/…` request goes to that service as is,
 * without it `/noty/…` answers 404 UNKNOWN_CALL. Calls of its own would be keyed `api/v1/<call>` and `private/<call>`.
 */
export const notyCalls = {} satisfies CallTable;
