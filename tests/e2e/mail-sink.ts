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
          fs.writeFileSync(path.join(dir, `${Date.now()}-${String(++n).padStart(4, '0')}.eml`), `X-Rcpt: ${rcpt.join(',')}\r\n${data}`);
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

/** The newest letter to `to`, decoded (polls briefly: delivery is asynchronous to the answer). */
export async function lastMailTo(to: string, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()).sort().reverse() : [];
    for (const f of files) {
      const raw = fs.readFileSync(path.join(mailDir(), f), 'utf8');
      if (raw.startsWith(`X-Rcpt: ${to}`)) return decodeLetter(raw);
    }
    if (Date.now() > until) throw new Error(`no letter to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
