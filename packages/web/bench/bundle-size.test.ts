import { describe, expect, it } from 'vitest';
import { staticClosure } from './bundle-size';

describe('staticClosure', () => {
  it('follows static imports transitively, once each, and not dynamic ones', () => {
    const manifest = {
      'index.html': { file: 'a.js', isEntry: true, imports: ['_b.js', '_c.js'], dynamicImports: ['lazy.tsx'] },
      '_b.js': { file: 'b.js', imports: ['_c.js'] },
      '_c.js': { file: 'c.js', imports: ['_b.js'] },
      'lazy.tsx': { file: 'lazy.js' },
    };
    expect([...staticClosure(manifest, 'index.html')].sort()).toEqual(['a.js', 'b.js', 'c.js']);
  });
});
