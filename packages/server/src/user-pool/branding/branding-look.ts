// What the hosted page renders of a managed-login branding style: a documented subset of Cognito's
// Settings document (colour scheme, page background, primary button, form, links, inputs) as a
// stylesheet, and the style's logos, background and favicon images. The stylesheet is built here,
// server-side, from values that pass a strict check only: a colour is 6 or 8 hex digits (Cognito's
// RRGGBBAA), anything else is left out, and every url() names a path this module builds from the
// style's id and two enumerations. Nothing of the document's text reaches the CSS as written, so no
// value can close a rule, open an at-rule, load from another origin or end a <style> element.

/** Where managed login serves branding files (under its static-file path). */
export const BRANDING_ASSET_PATH = '/login-assets/branding';

/** Cognito's colour scheme of a style (categories.global.colorSchemeMode). */
export type ColorScheme = 'LIGHT' | 'DARK' | 'DYNAMIC';

/** An asset as the page needs it: its category, colour mode and extension (not its bytes). */
export interface AssetKind {
  readonly Category: string;
  readonly ColorMode: string;
  readonly Extension: string;
}

/** The style as the page needs it. */
export interface BrandingStyle {
  readonly id: string;
  readonly settings: Readonly<Record<string, unknown>> | null;
  readonly assets: readonly AssetKind[];
  /** Changes with every update: in every URL, so a cached file is never an old one. */
  readonly version: string;
}

/** An image in each colour mode the page can show (the same path twice when one serves both). */
export interface ModeImage {
  readonly light: string;
  readonly dark: string;
}

/** A favicon link. */
export interface Favicon {
  readonly href: string;
  readonly type: 'image/x-icon' | 'image/svg+xml';
}

const COLOUR = /^[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?$/;
const BRANDING_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const VERSION = /^[0-9a-z]+$/;

/** A CSS colour from a Settings value: `#` and its hex digits when it is Cognito's RRGGBB(AA), else undefined. */
export function cssColour(value: unknown): string | undefined {
  return typeof value === 'string' && COLOUR.test(value) ? `#${value.toLowerCase()}` : undefined;
}

function member(value: unknown, ...path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Whether the settings turn a feature off (`enabled: false` at `path`); absent means on. */
function turnedOff(settings: unknown, ...path: readonly string[]): boolean {
  return member(settings, ...path, 'enabled') === false;
}

type Mode = 'lightMode' | 'darkMode';

/** The checked colours of one mode, by what they paint. */
interface ModeColours {
  readonly pageBackground?: string;
  readonly buttonBackground?: string;
  readonly buttonText?: string;
  readonly buttonHoverBackground?: string;
  readonly buttonHoverText?: string;
  readonly buttonActiveBackground?: string;
  readonly buttonActiveText?: string;
  readonly formBackground?: string;
  readonly formBorder?: string;
  readonly link?: string;
  readonly linkHover?: string;
  readonly inputBackground?: string;
  readonly inputBorder?: string;
  readonly placeholder?: string;
}

function modeColours(settings: unknown, mode: Mode): ModeColours {
  const components = member(settings, 'components');
  const classes = member(settings, 'componentClasses');
  const entries: ReadonlyArray<readonly [keyof ModeColours, unknown]> = [
    ['pageBackground', member(components, 'pageBackground', mode, 'color')],
    ['buttonBackground', member(components, 'primaryButton', mode, 'defaults', 'backgroundColor')],
    ['buttonText', member(components, 'primaryButton', mode, 'defaults', 'textColor')],
    ['buttonHoverBackground', member(components, 'primaryButton', mode, 'hover', 'backgroundColor')],
    ['buttonHoverText', member(components, 'primaryButton', mode, 'hover', 'textColor')],
    ['buttonActiveBackground', member(components, 'primaryButton', mode, 'active', 'backgroundColor')],
    ['buttonActiveText', member(components, 'primaryButton', mode, 'active', 'textColor')],
    ['formBackground', member(components, 'form', mode, 'backgroundColor')],
    ['formBorder', member(components, 'form', mode, 'borderColor')],
    ['link', member(classes, 'link', mode, 'defaults', 'textColor')],
    ['linkHover', member(classes, 'link', mode, 'hover', 'textColor')],
    ['inputBackground', member(classes, 'input', mode, 'defaults', 'backgroundColor')],
    ['inputBorder', member(classes, 'input', mode, 'defaults', 'borderColor')],
    ['placeholder', member(classes, 'input', mode, 'placeholderColor')],
  ];
  const out: Partial<Record<keyof ModeColours, string>> = {};
  for (const [key, value] of entries) {
    const colour = cssColour(value);
    if (colour !== undefined) out[key] = colour;
  }
  return out;
}

/**
 * The colour scheme the page shows: categories.global.colorSchemeMode when it is one of Cognito's
 * three; without it, DYNAMIC when the settings give colours for both modes, else the one mode they
 * give colours for (LIGHT, Cognito's default, when they give none).
 */
export function colorSchemeOf(settings: unknown): ColorScheme {
  const given = member(settings, 'categories', 'global', 'colorSchemeMode');
  if (given === 'LIGHT' || given === 'DARK' || given === 'DYNAMIC') return given;
  const light = Object.keys(modeColours(settings, 'lightMode')).length > 0;
  const dark = Object.keys(modeColours(settings, 'darkMode')).length > 0;
  if (light && dark) return 'DYNAMIC';
  return dark ? 'DARK' : 'LIGHT';
}

function assertPathParts(style: BrandingStyle): void {
  // The id is a UUID this server drew and the version its own digits; checked again because both go into CSS url()s.
  if (!BRANDING_ID.test(style.id) || !VERSION.test(style.version)) throw new Error('branding id or version of an unexpected form');
}

/** Path of a style's stylesheet on managed login's origin. */
export function brandingCssPath(style: BrandingStyle): string {
  assertPathParts(style);
  return `${BRANDING_ASSET_PATH}/${style.id}/style.css?v=${style.version}`;
}

function assetPath(style: BrandingStyle, asset: AssetKind): string {
  assertPathParts(style);
  // Category and ColorMode were checked against Cognito's enumerations when the style was stored; checked again here.
  if (!/^[A-Z_]+$/.test(asset.Category) || !/^[A-Z]+$/.test(asset.ColorMode)) throw new Error('asset kind of an unexpected form');
  return `${BRANDING_ASSET_PATH}/${style.id}/assets/${asset.Category}/${asset.ColorMode}?v=${style.version}`;
}

/** The asset of `category` for a mode: that mode's, else the DYNAMIC one, else the other mode's. */
function assetFor(style: BrandingStyle, category: string, mode: 'LIGHT' | 'DARK'): AssetKind | undefined {
  const of = (colorMode: string): AssetKind | undefined => style.assets.find((a) => a.Category === category && a.ColorMode === colorMode);
  return of(mode) ?? of('DYNAMIC') ?? of(mode === 'LIGHT' ? 'DARK' : 'LIGHT');
}

/** The image of `category` for the style's colour scheme, or undefined when the style has none. */
export function modeImage(style: BrandingStyle, category: string): ModeImage | undefined {
  const scheme = colorSchemeOf(style.settings);
  const light = assetFor(style, category, scheme === 'DARK' ? 'DARK' : 'LIGHT');
  const dark = assetFor(style, category, scheme === 'LIGHT' ? 'LIGHT' : 'DARK');
  if (light === undefined || dark === undefined) return undefined;
  return { light: assetPath(style, light), dark: assetPath(style, dark) };
}

/** The form logo (FORM_LOGO), unless components.form.logo is turned off. */
export function formLogo(style: BrandingStyle): ModeImage | undefined {
  return turnedOff(style.settings, 'components', 'form', 'logo') ? undefined : modeImage(style, 'FORM_LOGO');
}

/** The page header's logo (PAGE_HEADER_LOGO), unless the header or its logo is turned off. */
export function headerLogo(style: BrandingStyle): ModeImage | undefined {
  if (turnedOff(style.settings, 'categories', 'global', 'pageHeader') || turnedOff(style.settings, 'components', 'pageHeader', 'logo')) return undefined;
  return modeImage(style, 'PAGE_HEADER_LOGO');
}

/** The favicons (FAVICON_ICO, FAVICON_SVG) that components.favicon.enabledTypes allows (all when it is absent). */
export function favicons(style: BrandingStyle): Favicon[] {
  const enabled = member(style.settings, 'components', 'favicon', 'enabledTypes');
  const allowed = (type: string): boolean => !Array.isArray(enabled) || enabled.includes(type);
  const scheme = colorSchemeOf(style.settings) === 'DARK' ? 'DARK' : 'LIGHT';
  const out: Favicon[] = [];
  const ico = allowed('ICO') ? assetFor(style, 'FAVICON_ICO', scheme) : undefined;
  const svg = allowed('SVG') ? assetFor(style, 'FAVICON_SVG', scheme) : undefined;
  if (ico !== undefined) out.push({ href: assetPath(style, ico), type: 'image/x-icon' });
  if (svg !== undefined) out.push({ href: assetPath(style, svg), type: 'image/svg+xml' });
  return out;
}

function rule(selector: string, declarations: ReadonlyArray<readonly [string, string | undefined]>): string[] {
  const body = declarations.filter((d): d is readonly [string, string] => d[1] !== undefined).map(([property, value]) => `${property}: ${value};`);
  return body.length === 0 ? [] : [`${selector} { ${body.join(' ')} }`];
}

function modeRules(c: ModeColours, backgroundImage: string | undefined): string[] {
  const pageBackground = backgroundImage === undefined ? c.pageBackground : `url("${backgroundImage}") center / cover no-repeat ${c.pageBackground ?? 'var(--bg)'}`;
  return [
    ...rule('html, body', [['background', c.pageBackground]]),
    ...rule('.auth-page', [['background', pageBackground]]),
    ...rule('.button--primary', [
      ['background', c.buttonBackground],
      ['color', c.buttonText],
    ]),
    ...rule('.button--primary:hover', [
      ['background', c.buttonHoverBackground],
      ['color', c.buttonHoverText],
    ]),
    ...rule('.button--primary:active', [
      ['background', c.buttonActiveBackground],
      ['color', c.buttonActiveText],
    ]),
    ...rule('.auth-card', [
      ['background-color', c.formBackground],
      ['border-color', c.formBorder],
    ]),
    ...rule('a, .button--link', [['color', c.link]]),
    ...rule('a:hover, .button--link:hover', [['color', c.linkHover]]),
    ...rule('.field__input', [
      ['background-color', c.inputBackground],
      ['border-color', c.inputBorder],
    ]),
    ...rule('.field__input::placeholder', [['color', c.placeholder]]),
  ];
}

function inMedia(query: string, rules: readonly string[]): string[] {
  return rules.length === 0 ? [] : [`@media ${query} {`, ...rules.map((r) => `  ${r}`), '}'];
}

/**
 * The stylesheet of a style: its colours for the scheme it shows (DYNAMIC: each mode's under
 * prefers-color-scheme, so a colour given for one mode only leaves the page's own in the other),
 * and its page background image unless components.pageBackground.image is turned off.
 */
export function brandingStylesheet(style: BrandingStyle): string {
  const scheme = colorSchemeOf(style.settings);
  const background = turnedOff(style.settings, 'components', 'pageBackground', 'image') ? undefined : modeImage(style, 'PAGE_BACKGROUND');
  const light = modeRules(modeColours(style.settings, 'lightMode'), background?.light);
  const dark = modeRules(modeColours(style.settings, 'darkMode'), background?.dark);
  const lines = ['/* Managed login branding (CreateManagedLoginBranding), generated by the server from checked values. */'];
  if (scheme === 'LIGHT') lines.push(':root { color-scheme: light; }', ...light);
  else if (scheme === 'DARK') lines.push(':root { color-scheme: dark; }', ...dark);
  else lines.push(...inMedia('(prefers-color-scheme: light)', light), ...inMedia('(prefers-color-scheme: dark)', dark));
  return `${lines.join('\n')}\n`;
}
