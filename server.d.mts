import type { IncomingMessage, ServerResponse } from 'node:http';

export const PEER_HEADER: 'x-kalkulus-peer';
export const UPLOAD_CHUNK: unique symbol;
export const SERVICE_CALL: unique symbol;
export const ZIP_DOWNLOAD: unique symbol;

/** What the app registers under UPLOAD_CHUNK (and under SERVICE_CALL: the services' JSON calls; ZIP_DOWNLOAD: the zip). */
export interface UploadChunkHandler {
  takes(req: Pick<IncomingMessage, 'method' | 'url'>): boolean;
  serve(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

export function requestListener(
  nextHandler: (req: IncomingMessage, res: ServerResponse) => unknown,
  opts?: { jsonLog?: boolean; write?: (line: string) => unknown; metrics?: import('./server-metrics.mjs').ServerMetrics },
): (req: IncomingMessage, res: ServerResponse) => void;

/**
 * One full V8 collection once the server's requests have stopped for `idleMs` (2 s), then the app's own
 * (IDLE_COLLECT); `after` runs when both are done.
 */
export function collectWhenIdle(
  server: import('node:http').Server,
  opts?: { idleMs?: number; after?: (took: { collectMs: number; appCollectMs: number }) => void },
): { touch(): void };
export const IDLE_COLLECT: unique symbol;
export const MEMORY_REPORT: unique symbol;

/** `MEMORY_LOG`: one JSON line of the process's memory (MiB) and the app's report (MEMORY_REPORT). */
export function logMemory(write?: (line: string) => unknown, extra?: Record<string, number>): Promise<void>;

/** A request path fit for the log: no query string, secret-looking segments replaced by `:secret`. */
export function logPath(url?: string): string;

/** `sub` of the request's access token (Authorization or the accessToken cookie), unverified; null if none. */
export function tokenSubject(headers: IncomingMessage['headers']): string | null;

/** The headers next.config.mjs gives a service answer, for answers made before Next. */
export const SERVICE_ANSWER_HEADERS: Record<string, string>;
