// The branding stylesheet is made of the generator's own text and checked colours only, whatever
// the Settings document holds: every line is one of the forms the generator writes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../test/properties.js';
import { brandingStylesheet, cssColour, type AssetKind } from './branding-look.js';

const SELECTOR = '(?:html, body|\\.auth-page|\\.button--primary(?::hover|:active)?|\\.auth-card|a, \\.button--link|a:hover, \\.button--link:hover|\\.field__input(?:::placeholder)?)';
const VALUE = '(?:#[0-9a-f]{6,8}|url\\("/login-assets/branding/[0-9a-f-]{36}/assets/[A-Z_]+/(?:LIGHT|DARK|DYNAMIC)\\?v=[0-9a-z]+"\\) center / cover no-repeat (?:#[0-9a-f]{6,8}|var\\(--bg\\)))';
const LINE = new RegExp(
  `^(?:/\\* [\\w ()-,.]+ \\*/|:root \\{ color-scheme: (?:light|dark); \\}|@media \\(prefers-color-scheme: (?:light|dark)\\) \\{|\\}|\\s*${SELECTOR} \\{(?: [a-z-]+: ${VALUE};)+ \\})$`,
);

// A leaf where the renderer looks for a colour: a valid one, or anything a document can hold.
const leaf = fc.oneof(
  fc.stringMatching(/^[0-9a-fA-F]{8}$/),
  fc.string(),
  fc.constantFrom('red;}</style><script>alert(1)</script>', 'url(javascript:alert(1))', 'ffffff;} body{x:y', '000000\n}', 'fff'),
  fc.jsonValue(),
);
const mode = fc.record({
  color: leaf,
  backgroundColor: leaf,
  borderColor: leaf,
  placeholderColor: leaf,
  defaults: fc.record({ backgroundColor: leaf, textColor: leaf, borderColor: leaf }),
  hover: fc.record({ backgroundColor: leaf, textColor: leaf }),
  active: fc.record({ backgroundColor: leaf, textColor: leaf }),
});
const settings = fc.record({
  categories: fc.record({ global: fc.record({ colorSchemeMode: fc.oneof(fc.constantFrom('LIGHT', 'DARK', 'DYNAMIC'), leaf) }) }),
  components: fc.record({
    primaryButton: fc.record({ lightMode: mode, darkMode: mode }),
    pageBackground: fc.record({ lightMode: mode, darkMode: mode, image: fc.record({ enabled: fc.oneof(fc.boolean(), leaf) }) }),
    form: fc.record({ lightMode: mode, darkMode: mode }),
  }),
  componentClasses: fc.record({ link: fc.record({ lightMode: mode, darkMode: mode }), input: fc.record({ lightMode: mode, darkMode: mode }) }),
});
const assets = fc.array(
  fc.record({
    Category: fc.constantFrom('PAGE_BACKGROUND', 'FORM_LOGO', 'PAGE_HEADER_LOGO'),
    ColorMode: fc.constantFrom('LIGHT', 'DARK', 'DYNAMIC'),
    Extension: fc.constantFrom('PNG', 'SVG'),
  }),
  { maxLength: 6 },
);

describe('the branding stylesheet', () => {
  it('holds only the generator’s own forms and hex colours, for any Settings document', () => {
    fc.assert(
      fc.property(settings, assets, (document, kinds: AssetKind[]) => {
        const css = brandingStylesheet({ id: '0f0e0d0c-0b0a-4000-8000-000000000001', settings: document, assets: kinds, version: 'abc123' });
        for (const line of css.trimEnd().split('\n')) expect(line).toMatch(LINE);
      }),
      propertyRuns(200),
    );
  });

  it('takes Cognito’s RRGGBB(AA) colours and nothing else', () => {
    expect(cssColour('C0FFEEff')).toBe('#c0ffeeff');
    expect(cssColour('c0ffee')).toBe('#c0ffee');
    for (const value of ['#c0ffee', 'c0ffe', 'c0ffeeff0', 'red', 'c0ffee;', ' c0ffee', 'c0ffee\n', 12345678, null, {}]) expect(cssColour(value)).toBeUndefined();
  });
});
