import type { IncomingMessage, ServerResponse } from 'node:http';

export interface WarmUpRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}
export declare const WARM_UP_REQUESTS: readonly WarmUpRequest[];
export declare function warmUp(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  opts?: { rounds?: number; timeoutMs?: number; signal?: AbortSignal },
): Promise<{ statuses: (number | 'error' | 'timeout')[]; ms: number; stopped: boolean }>;
