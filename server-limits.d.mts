import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface ConnectionLimits {
  headersTimeoutMs: number;
  bodyGraceMs: number;
  minBodyBytesPerSecond: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** 0: the body watch runs only when `check()` / `checkBodies()` is called. */
  checkEveryMs: number;
}
export declare const CONNECTION_LIMITS: Readonly<ConnectionLimits>;
export declare function rawEnvelope(status: number, reason: string, code: string, msg: string): string;
export declare const RAW_ANSWERS: Readonly<{ slow: string; headersTooLarge: string; malformed: string }>;
export declare function watchBodies(server: Server, limits?: ConnectionLimits, now?: () => number): { check(): void; watching(): number };
export declare function createAppServer(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  limits?: ConnectionLimits,
  now?: () => number,
): Server & { checkBodies(): void };
