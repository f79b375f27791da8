// A short, readable name of the device behind a User-Agent ("Chrome 126 on Windows"), as Cognito's
// EventContextData.DeviceName and the Profile page's sign-in list show it. Pure.

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/aws-sdk-js\/([\d.]+)/, 'AWS SDK for JavaScript'],
  [/aws-amplify\/([\d.]+)/, 'Amplify'],
  [/node(?:\.js)?\/v?(\d+)/i, 'Node.js'],
  [/curl\/([\d.]+)/, 'curl'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** The device name of a User-Agent; the agent itself (cut to 80 characters) when nothing is recognised; undefined for none. */
export function deviceNameOf(userAgent: string | undefined): string | undefined {
  if (userAgent === undefined || userAgent.trim() === '') return undefined;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent));
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent));
  if (browser === undefined) return userAgent.trim().slice(0, 80);
  const version = browser[0].exec(userAgent)?.[1];
  const name = version === undefined ? browser[1] : `${browser[1]} ${version}`;
  return system === undefined ? name : `${name} on ${system[1]}`;
}
