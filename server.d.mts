import type { IncomingMessage, ServerResponse } from 'node:http';

export const PEER_HEADER: 'x-kalkulus-peer';
export const UPLOAD_CHUNK: unique symbol;

/** What the app registers under UPLOAD_CHUNK. */
export interface UploadChunkHandler {
  takes(req: Pick<IncomingMessage, 'method' | 'url'>): boolean;
  serve(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

export function requestListener(
  nextHandler: (req: IncomingMessage, res: ServerResponse) => unknown,
): (req: IncomingMessage, res: ServerResponse) => void;
