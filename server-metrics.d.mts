import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const METRICS: unique symbol;
export declare const BUCKETS: number[];
export declare function routeOf(url?: string, status?: number): string;
export interface ServerMetrics {
  track(req: IncomingMessage, res: ServerResponse): void;
  render(): string;
}
export declare function createMetrics(opts?: { maxRoutes?: number }): ServerMetrics;
