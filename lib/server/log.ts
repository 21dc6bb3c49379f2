import 'server-only';

/** Server log: English messages, one line each, causes with their stack. Never sent to a client. */
function line(level: string, msg: string, cause?: unknown): string {
  const ts = new Date().toISOString();
  // LOG_FORMAT=json: one JSON object per line (the request lines of server.mjs have the same shape).
  if (process.env.LOG_FORMAT === 'json') {
    const error = cause === undefined ? undefined : cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
    return JSON.stringify({ time: ts, level: level.toLowerCase(), msg, ...(error === undefined ? {} : { error }) });
  }
  let text = `${ts} ${level} ${msg}`;
  if (cause !== undefined) text += ` — ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`;
  return text;
}

export const log = {
  info(msg: string): void {
    if (process.env.LOG_LEVEL !== 'silent') console.log(line('INFO', msg));
  },
  warn(msg: string, cause?: unknown): void {
    if (process.env.LOG_LEVEL !== 'silent') console.warn(line('WARN', msg, cause));
  },
  error(msg: string, cause?: unknown): void {
    console.error(line('ERROR', msg, cause));
  },
};
