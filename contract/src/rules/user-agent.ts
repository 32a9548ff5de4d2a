/**
 * A session's browser and system, read from its user agent for the profile's list of sessions.
 * Only the names people recognise: order matters, since Edge and Opera also say 'Chrome', and
 * Chrome also says 'Safari'. Anything else is 'Navegador desconhecido' / 'Sistema desconhecido'.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export const UNKNOWN_BROWSER = 'Navegador desconhecido';
export const UNKNOWN_SYSTEM = 'Sistema desconhecido';

export function describeUserAgent(userAgent: string): { browser: string; system: string } {
  const find = (table: [RegExp, string][], unknown: string) =>
    table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? unknown;
  return { browser: find(BROWSERS, UNKNOWN_BROWSER), system: find(SYSTEMS, UNKNOWN_SYSTEM) };
}
