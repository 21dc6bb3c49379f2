/** The path of a Chromium executable (CHROMIUM_PATH, the system one, or Debian's package installed); throws with what to install. */
export function ensureChromium(): string;
