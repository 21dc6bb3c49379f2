import { call, type InputArg } from '@/lib/client/call';
import type { CallName } from '@/lib/contract';

/** The sign-in service's calls, typed by its table: `authApi('login', {...})` answers what `login` returns. */
export const authApi = <N extends CallName<'auth'>>(name: N, ...args: InputArg<'auth', N>) => call('auth', name, ...args);
