import 'server-only';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rows } from '../../db/rows';
import { log } from '../../log';
import { defineCall } from '../../gateway/types';
import { accessTokenOf, checkSession, requireUser, userOfToken, type SessionUser } from '../auth/require-user';
import { notyStreamInput, type NotificationItem } from '@/lib/schemas/noty';
import { subscribe } from './hub';
import { notificationsAfter } from './store';
import { takeStreamSlot } from './stream-limits';

/** How often a stream sends a heartbeat comment (and checks its session); tests shorten it. */
export const STREAM_TIMING = { heartbeatMs: 20_000 };

/** Most notifications one replay sends (a client away longer reads the rest with `list`). */
const REPLAY_LIMIT = 200;

const encoder = new TextEncoder();

/** The id of the last event a client saw: the `Last-Event-ID` header (EventSource reconnecting), else the query. */
function lastSeen(req: Request, query: string | undefined): number | null {
  const raw = req.headers.get('last-event-id') ?? query;
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/** Whether the session of the stream is still open (the same rule as every call: checkSession). */
async function sessionOpen(ctx: AppContext, user: SessionUser, token: string): Promise<boolean> {
  try {
    if (ctx.env.AUTH_BACK_URL) await userOfToken(ctx, token);
    else {
      const [row] = await rows<{ userId: string; revokedAt: unknown }>(
        ctx.db,
        sql`select user_id as "userId", revoked_at as "revokedAt" from auth_session_user(${user.sid})`,
      );
      checkSession(row, user.id);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * The caller's notifications as they happen (Server-Sent Events). Answers once this process listens for the
 * user, so whatever is sent after the answer's headers arrive reaches the stream. Body: `retry`, then what was
 * missed after the last event seen (when given), then each new one as `event: notification` with its id; a
 * comment every STREAM_TIMING.heartbeatMs. Ends with `event: end` when the session ends (logout, password change)
 * or when the user has opened more streams than STREAM_LIMITS allows (the oldest ends); refused with 503 `BUSY`
 * while the process holds as many as it may.
 */
export async function openStream(ctx: AppContext, user: SessionUser, token: string, last: number | null, signal?: AbortSignal): Promise<Response> {
  let out!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let newest = last ?? 0;
  const sent = new Set<number>();
  let pending: NotificationItem[] | null = [];
  let unsubscribe = () => {};
  let release = () => {};
  const timer: { heartbeat?: NodeJS.Timeout } = {};

  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer.heartbeat);
    unsubscribe();
    release();
    signal?.removeEventListener('abort', close);
    try {
      out.close();
    } catch {
      // cancelled already
    }
  };
  const write = (text: string) => {
    if (closed) return;
    try {
      out.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };
  const send = (n: NotificationItem) => {
    if (sent.has(n.id) || (last !== null && n.id <= last)) return;
    sent.add(n.id);
    if (sent.size > 1000) sent.delete(sent.values().next().value!);
    newest = Math.max(newest, n.id);
    write(`id: ${n.id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`);
  };
  const end = () => {
    write('event: end\ndata: {}\n\n');
    close();
  };
  // What arrives live while missed notifications are read waits in `pending`, then goes after them.
  const catchUp = async (after: number) => {
    pending ??= [];
    try {
      for (const n of await notificationsAfter(ctx, user.id, after, REPLAY_LIMIT)) send(n);
    } finally {
      const waiting = pending;
      pending = null;
      waiting.sort((a, b) => a.id - b.id).forEach(send);
    }
  };

  // A place among the process's streams (503 when it is full); the user's oldest beyond their limit ends now.
  release = takeStreamSlot(user.id, end);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      out = controller;
      // The first bytes go at once: the client knows it is connected, proxies pass the headers on.
      controller.enqueue(encoder.encode('retry: 3000\n: connected\n\n'));
    },
    cancel: close,
  });
  try {
    unsubscribe = await subscribe(ctx, {
      userId: user.id,
      sid: user.sid,
      onNotification: (n) => (pending ? pending.push(n) : send(n)),
      onSessionEnd: () => void sessionOpen(ctx, user, token).then((open) => open || end()),
      onGap: () => void catchUp(newest).catch((err) => log.error('noty stream catch-up failed', err)),
      onShutdown: close,
    });
  } catch (err) {
    close();
    throw err;
  }
  // Ended while it subscribed (a newer stream of the user took its place): out of the hub again.
  if (closed) unsubscribe();
  signal?.addEventListener('abort', close, { once: true });
  if (signal?.aborted) close();
  if (last === null) {
    const waiting = pending;
    pending = null;
    waiting.forEach(send);
  } else {
    catchUp(last).catch((err) => {
      log.error('noty stream replay failed', err);
      close();
    });
  }
  if (!closed) timer.heartbeat = setInterval(() => {
    write(': ping\n\n');
    void sessionOpen(ctx, user, token).then((open) => open || end());
  }, STREAM_TIMING.heartbeatMs);

  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // `no-transform`: nothing on the way (Next's compression included) may gzip and so hold back the events.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}

/** GET stream: bearer or the access-token cookie (the gateway has checked the session). */
export const streamCall = defineCall({
  method: 'GET',
  input: notyStreamInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    return openStream(ctx, user, accessTokenOf(req)!, lastSeen(req, input.lastEventId), req.signal);
  },
});
