/**
 * A browser as a sign-in sees it (its User-Agent). `deviceKey` drops version numbers, so a browser's update is
 * not a new device; `deviceName` is what a person reads: «Chrome, Windows».
 */
export function deviceKey(userAgent: string): string {
  return userAgent.replace(/[\d._]+/g, '').replace(/\s+/g, ' ').trim().slice(0, 300);
}

const BROWSERS: [RegExp, string][] = [
  [/YaBrowser\//, 'Яндекс Браузер'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function deviceName(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  return [browser, system].filter(Boolean).join(', ') || 'неизвестный браузер';
}
