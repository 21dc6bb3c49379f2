import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * A tiny SMTP server standing in for the mail provider during e2e (the only thing mocked: the outside
 * world). The app sends through its real SMTP path (nodemailer, SMTP_URL); each letter lands as a file in
 * the mail folder, which specs read with `lastMailTo`.
 */
export const smtpPort = () => Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3018) + 1);
export const mailDir = () => path.resolve('.tmp', `e2e-mail-${smtpPort()}`);

export default async function startMailSink(): Promise<() => Promise<void>> {
  const dir = mailDir();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = net.createServer((sock) => {
    sock.setEncoding('utf8');
    let buf = '';
    let inData = false;
    let rcpt: string[] = [];
    let data = '';
    sock.write('220 mail-sink ESMTP\r\n');
    sock.on('data', (chunk: string) => {
      buf += chunk;
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data += buf.slice(0, end);
          buf = buf.slice(end + 5);
          inData = false;
          // Written aside, then renamed into place: a reader sees a whole letter or none.
          const name = `${Date.now()}-${String(++n).padStart(4, '0')}.eml`;
          fs.writeFileSync(path.join(dir, `.${name}.part`), `X-Rcpt: ${rcpt.join(',')}\r\n${data}`);
          fs.renameSync(path.join(dir, `.${name}.part`), path.join(dir, name));
          rcpt = [];
          data = '';
          sock.write('250 queued\r\n');
          continue;
        }
        const eol = buf.indexOf('\r\n');
        if (eol < 0) return;
        const line = buf.slice(0, eol);
        buf = buf.slice(eol + 2);
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') sock.write('250-mail-sink\r\n250 8BITMIME\r\n');
        else if (cmd === 'MAIL') sock.write('250 ok\r\n');
        else if (cmd === 'RCPT') {
          rcpt.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1'));
          sock.write('250 ok\r\n');
        } else if (cmd === 'DATA') {
          inData = true;
          sock.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') {
          sock.end('221 bye\r\n');
          return;
        } else sock.write('250 ok\r\n');
      }
    });
    sock.on('error', () => undefined);
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (err) => {
      // Never block the whole e2e run: only the mail specs need the sink, and they will say so.
      console.warn(`mail sink: cannot listen on 127.0.0.1:${smtpPort()} (${String(err)})`);
      resolve(false);
    });
    server.listen(smtpPort(), '127.0.0.1', () => resolve(true));
  });
  if (!listening) return async () => undefined;
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Decodes the text part of one stored letter (quoted-printable or base64, as nodemailer chose). */
function decodeLetter(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r\n\r\n/);
  const body = rest.join('\r\n\r\n');
  const enc = head.match(/content-transfer-encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The newest letter to `to`, decoded; undefined when there is none. */
function newestLetter(to: string): string | undefined {
  for (const f of fs.readdirSync(mailDir()).filter((name) => name.endsWith('.eml')).sort().reverse()) {
    const raw = fs.readFileSync(path.join(mailDir(), f), 'utf8');
    const rcpt = raw.startsWith('X-Rcpt: ') ? raw.slice('X-Rcpt: '.length, raw.indexOf('\r\n')).split(',') : [];
    if (rcpt.includes(to)) return decodeLetter(raw);
  }
  return undefined;
}

/**
 * The newest letter to `to`, decoded, once there is one — and, with `about`, once the newest says it (an older
 * letter to the same address does not count). The mail folder is watched and looked at again on every change. The
 * app sends a letter before the call that asked for it answers, so it is usually there already; `timeoutMs` only
 * guards against a letter that never comes.
 */
export async function lastMailTo(to: string, about?: string, timeoutMs = 10_000): Promise<string> {
  if (!fs.existsSync(mailDir())) throw new Error(`no mail folder ${mailDir()}: the mail sink is not running`);
  return new Promise<string>((resolve, reject) => {
    let finished = false;
    const finish = (letter: string | undefined, err?: unknown) => {
      if (finished || (letter === undefined && err === undefined)) return;
      finished = true;
      watcher.close();
      clearTimeout(guard);
      if (letter !== undefined) resolve(letter);
      else reject(err instanceof Error ? err : new Error(String(err)));
    };
    const look = () => {
      try {
        const letter = newestLetter(to);
        finish(about === undefined || letter?.includes(about) ? letter : undefined);
      } catch (err) {
        finish(undefined, err);
      }
    };
    // Watch first, then look: a letter landing in between still wakes the watch.
    const watcher = fs.watch(mailDir(), look);
    watcher.on('error', (err) => finish(undefined, err));
    const guard = setTimeout(() => finish(undefined, new Error(`no letter to ${to}${about === undefined ? '' : ` saying «${about}»`} within ${timeoutMs} ms`)), timeoutMs);
    look();
  });
}
