import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CATALOGUE, COGNITO_ERROR_CATALOGUE, SRP_ERROR_NAMES } from './catalogue.js';

const docPath = fileURLToPath(new URL('../../../../docs/auth-core.md', import.meta.url));

function errorsSection(markdown: string): string {
  const start = markdown.indexOf('\n## Errors');
  if (start < 0) return '';
  const next = markdown.indexOf('\n## ', start + 1);
  return next < 0 ? markdown.slice(start) : markdown.slice(start, next);
}

describe('error catalogue documentation', () => {
  const section = errorsSection(readFileSync(docPath, 'utf8'));

  it('has an "## Errors" section in docs/auth-core.md', () => {
    expect(section.length).toBeGreaterThan(0);
  });

  it.each([...Object.keys(AUTH_ERROR_CATALOGUE), ...Object.keys(COGNITO_ERROR_CATALOGUE), ...SRP_ERROR_NAMES])('documents %s', (name) => {
    expect(section).toContain(`\`${name}\``);
  });

  it('documents each catalogue message as written (a run of white space, as in SignInException, as one space)', () => {
    const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
    const flat = collapse(section);
    for (const { message } of Object.values(AUTH_ERROR_CATALOGUE)) expect(flat).toContain(collapse(message).replace(/\|/g, '\\|'));
  });
});
