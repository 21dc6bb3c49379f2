import fs from 'node:fs';
import net from 'node:net';

/** Whether `port` can be listened on at 127.0.0.1 right now. */
const bindable = (port) =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/** The first port the kernel hands out by itself (for `listen(0)` and for outgoing connections). */
function ephemeralFloor() {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

/**
 * `count` consecutive TCP ports free on 127.0.0.1 right now, for servers a test starts in another process; answers
 * the first. They are below the range the kernel hands out by itself: between this check and the server's own
 * `listen`, no outgoing connection or `listen(0)` of the other tests running at the same time can take them (a port
 * from `listen(0)`, closed and handed on, could be). The block is picked at random, so two runs seldom pick the same.
 */
export async function freePort(count = 1) {
  const top = Math.min(ephemeralFloor(), 65536) - count;
  const bottom = 20000;
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = bottom + Math.floor(Math.random() * (top - bottom));
    let ok = true;
    for (let p = base; ok && p < base + count; p++) ok = await bindable(p);
    if (ok) return base;
  }
  throw new Error(`no ${count} free consecutive ports on 127.0.0.1 below ${top}`);
}
