import 'server-only';
import http from 'node:http';
import https from 'node:https';

/**
 * Hooks the `request` event of every HTTP(S) server of this process, once per `name` (instrumentation.ts runs
 * at start-up, before anything is served): `hook` sees each request before the server's own handler (Next)
 * and answers true when it has served the request itself. A hook installed later runs earlier.
 */
export function hookServerRequests(
  name: string,
  hook: (req: http.IncomingMessage, res: http.ServerResponse) => boolean,
): void {
  const key = Symbol.for(`kalkulus.requestHook.${name}`);
  for (const proto of [http.Server.prototype, https.Server.prototype] as unknown as Array<Record<PropertyKey, unknown>>) {
    if (proto[key]) continue;
    const emit = proto.emit as (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
    proto.emit = function (this: unknown, event: string | symbol, ...args: unknown[]) {
      if (event === 'request') {
        const req = args[0] as http.IncomingMessage | undefined;
        const res = args[1] as http.ServerResponse | undefined;
        if (req?.headers && res && hook(req, res)) return true;
      }
      return emit.call(this, event, ...args);
    };
    proto[key] = true;
  }
}
