// The ./cognito entry costs nothing unless used: nothing runs on import, and the token provider alone
// brings neither the sign-in machines (xstate) nor the synchronous hash library.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
const packageDir = fileURLToPath(new URL('../..', import.meta.url));

async function bundle(contents: string): Promise<{ bytes: number; inputs: string[] }> {
  const result = await build({
    stdin: { contents, resolveDir: packageDir, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    metafile: true,
    outfile: 'out.js',
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  const inputs = Object.entries(output?.inputs ?? {}).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path);
  return { bytes: result.outputFiles[0]?.contents.byteLength ?? 0, inputs };
}

describe('@steward/auth-core/cognito and tree-shaking', () => {
  it('adds nothing to a bundle that imports it without using it', async () => {
    expect((await bundle(`import ${JSON.stringify(entry)};`)).bytes).toBe(0);
  });

  it('gives the token provider without the sign-in machines or @noble/hashes', async () => {
    const { inputs } = await bundle(`export { cognitoUserPoolsTokenProvider } from ${JSON.stringify(entry)};`);
    expect(inputs.filter((path) => /xstate|@noble|machines\//.test(path))).toEqual([]);
    expect(inputs.some((path) => path.endsWith('cognito-provider/token-provider.ts'))).toBe(true);
  });
});
