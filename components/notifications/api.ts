import { call } from '@/lib/client/call';
import type { CallInput } from '@/lib/contract';

/** Where the browser opens the stream of the signed-in user's notifications (cookie sign-in). */
export const NOTY_STREAM_URL = '/noty/api/v1/stream';

/** The notification calls the top bar and the profile panel use. */
export const noty = {
  list: (input: CallInput<'noty', 'api/v1/list'>, signal?: AbortSignal) => call('noty', 'api/v1/list', input, { signal }),
  markRead: (input: CallInput<'noty', 'api/v1/markRead'>) => call('noty', 'api/v1/markRead', input),
  settings: (signal?: AbortSignal) => call('noty', 'api/v1/settings', {}, { signal }),
  saveSettings: (muted: string[]) => call('noty', 'api/v1/saveSettings', { muted }),
};
