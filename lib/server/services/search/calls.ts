import 'server-only';
import type { CallTable } from '../../gateway/types';
import { searchQuery } from './search-query';

/** Search calls under /api/v1, documented in docs/api.md. */
export const searchCalls = {
  'search/query': searchQuery,
} satisfies CallTable;
