/** `count` (1 by default) consecutive TCP ports free on 127.0.0.1, below the kernel's own range; answers the first. */
export function freePort(count?: number): Promise<number>;
