/**
 * Browsers and systems in the order they must be tested: each browser's User-Agent also names the
 * engines it grew from (Edge and Opera say Chrome, Chrome says Safari), and iOS's say Mac OS X.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(OPR|OPiOS|Opera)\//, 'Opera'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bWindows\b/, 'Windows'],
  [/\bLinux\b/, 'Linux'],
];

const first = (rules: [RegExp, string][], userAgent: string) =>
  rules.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * A passkey's name in the student's list: where it was made, as the browser's User-Agent says
 * ('Chrome on Android'), so a student can tell their phone's passkey from their laptop's. Only the
 * student's own browser sends it, so it names nothing they did not tell us; an unknown one is
 * 'Passkey'.
 */
export function passkeyNameFrom(userAgent: string | undefined): string {
  const browser = first(BROWSERS, userAgent ?? '');
  const system = first(SYSTEMS, userAgent ?? '');
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `Passkey on ${system}` : 'Passkey');
}
