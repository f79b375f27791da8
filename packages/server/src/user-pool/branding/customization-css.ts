// The checks a classic UI customization's CSS passes before it is stored. Cognito allows only rules
// on its own `-customizable` classes and no HTML, @import, @media, @supports, @page or script; the
// stylesheet is served to every browser that opens the hosted page, so the rules here are strict:
// plain `selector { property: value; … }` rules on the allowed classes, no at-rule, no escape, no
// `url(` (no request to any other origin, no attribute-selector leaks), nothing that looks like markup.
import { fail } from '../../errors/catalogue.js';

/** Cognito's allowed classes (with the pseudo-classes it allows on them). */
export const CUSTOMIZABLE_SELECTORS: ReadonlySet<string> = new Set([
  '.background-customizable',
  '.banner-customizable',
  '.errorMessage-customizable',
  '.idpButton-customizable',
  '.idpButton-customizable:hover',
  '.inputField-customizable',
  '.inputField-customizable:focus',
  '.label-customizable',
  '.legalText-customizable',
  '.logo-customizable',
  '.submitButton-customizable',
  '.submitButton-customizable:hover',
  '.textDescription-customizable',
]);

// Anything that could reach another origin, run script, or end a <style> element.
const FORBIDDEN: ReadonlyArray<readonly [RegExp, string]> = [
  [/</, 'markup (<)'],
  [/\\/, 'escapes (\\)'],
  [/@/, 'at-rules (@import, @media, @supports, @page …)'],
  [/url\s*\(/i, 'url()'],
  [/image-set\s*\(/i, 'image-set()'],
  [/expression\s*\(/i, 'expression()'],
  [/javascript\s*:/i, 'javascript:'],
  [/-moz-binding|behavior\s*:/i, 'bindings'],
];

const PROPERTY = /^-?[a-z][a-z-]*$/i;
// Values: words, numbers, colours, lists and simple functions (rgb(), calc()); no braces, no quotes escaping anything.
const VALUE = /^[\w\s#%.,()+\-*/!'"]+$/;

function invalid(message: string): never {
  throw fail('InvalidParameterException', `CSS: ${message}`);
}

/** Checks a CSS text as described above; returns it unchanged (InvalidParameterException otherwise). */
export function checkCustomizationCss(css: string): string {
  for (const [pattern, what] of FORBIDDEN) if (pattern.test(css)) invalid(`${what} is not allowed.`);
  let text = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  if (text.includes('/*')) invalid('a comment is not closed.');
  text = text.trim();
  while (text !== '') {
    const rule = /^([^{}]+)\{([^{}]*)\}\s*/.exec(text);
    if (rule === null) invalid('expected rules of the form `.class-customizable { property: value; }`.');
    const [whole, selectorList = '', block = ''] = rule;
    for (const selector of selectorList.split(',').map((s) => s.trim())) {
      if (!CUSTOMIZABLE_SELECTORS.has(selector)) invalid(`the selector ${selector.slice(0, 80)} is not one of Cognito's customizable classes (${[...CUSTOMIZABLE_SELECTORS].join(', ')}).`);
    }
    for (const declaration of block.split(';').map((d) => d.trim()).filter((d) => d !== '')) {
      const colon = declaration.indexOf(':');
      const property = colon === -1 ? '' : declaration.slice(0, colon).trim();
      const value = colon === -1 ? '' : declaration.slice(colon + 1).trim();
      if (!PROPERTY.test(property)) invalid(`${declaration.slice(0, 80)} is not a declaration (property: value).`);
      if (value === '' || !VALUE.test(value)) invalid(`the value of ${property} holds characters that are not allowed.`);
    }
    text = text.slice(whole.length);
  }
  return css;
}

/** The image type of a logo from its first bytes: PNG or JPEG only, as Cognito's. */
export function logoType(bytes: Buffer): 'image/png' | 'image/jpeg' {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  throw fail('InvalidParameterException', 'ImageFile must be a PNG or JPEG image.');
}
