import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-redirect';

// Threat: an attacker mails a link `/login?next=https://evil.example` so that, after a real
// sign-in, the victim lands on a look-alike site (open redirect). Only same-origin paths pass.
describe('safeNextPath', () => {
  const origin = 'https://steward.example.com';

  it('follows a plain same-origin path with its query and hash', () => {
    expect(safeNextPath('/mortgages/requests?status=open#top', origin)).toBe('/mortgages/requests?status=open#top');
  });

  it('falls back to home when next is missing or empty', () => {
    expect(safeNextPath(null, origin)).toBe('/');
    expect(safeNextPath(undefined, origin)).toBe('/');
    expect(safeNextPath('', origin)).toBe('/');
  });

  it.each([
    'https://evil.example/',
    'http://steward.example.com.evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/\tevil',
    '/%0a//evil.example',
    'evil.example',
    ' /files',
  ])('refuses %j', (next) => {
    const result = safeNextPath(next, origin);
    expect(result === '/' || result.startsWith('/')).toBe(true);
    expect(new URL(result, origin).origin).toBe(origin);
    if (!next.startsWith('/%0a')) expect(result).toBe('/');
  });

  it('keeps an encoded newline inside the path rather than decoding it into a new origin', () => {
    expect(new URL(safeNextPath('/%0a//evil.example', origin), origin).origin).toBe(origin);
  });

  it('does not send the user back to the sign-in screen', () => {
    expect(safeNextPath('/login?next=/files', origin)).toBe('/');
    expect(safeNextPath('/login', origin)).toBe('/');
  });

  it('uses the given fallback when the path is refused', () => {
    expect(safeNextPath('https://evil.example', origin, '/files')).toBe('/files');
  });
});

describe('loginPathFor', () => {
  it('puts the wanted path, encoded, into next', () => {
    expect(loginPathFor('/apps/helpdesk/tickets/ticket-view?id=7')).toBe('/login?next=%2Fapps%2Fhelpdesk%2Ftickets%2Fticket-view%3Fid%3D7');
  });

  it('leaves next out for the home path', () => {
    expect(loginPathFor('/')).toBe('/login');
  });

  it('round-trips through safeNextPath', () => {
    const path = '/settings/profile?tab=mfa';
    const next = new URL(loginPathFor(path), 'https://a.example').searchParams.get('next');
    expect(safeNextPath(next, 'https://a.example')).toBe(path);
  });
});
