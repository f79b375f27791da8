// Drives the hosted login page the way a browser without JavaScript does: plain fetch with
// `redirect: 'manual'`, a cookie jar, and a small regex parser of the page's forms. For tests of
// the OAuth endpoints (authorize → hosted page → callback with a code) and of the page itself.
//
//   const { location, cookies } = await signInThroughHostedPage({ authorizeUrl, username, password, totp: () => totpAt(secret, now) });
//   new URL(location).searchParams.get('code');
//   // a second authorize with the same jar skips the form:
//   await signInThroughHostedPage({ authorizeUrl, username, password, cookies });
//
// Conventions of the page it relies on (src/oauth/login/): the form to fill is the first
// `<form method="post" data-step="…">`; fields are named `username`, `password`, `code`; a choice is
// a submit button `name="answer"`; an error shows in an element with `role="alert"`.

/** Cookies of one browser, kept per name (the managed-login origin is the only one that sets any here). */
export class CookieJar {
  private readonly values = new Map<string, string>();
  /** Every Set-Cookie header received, as received (to check attributes: HttpOnly, Secure, SameSite). */
  readonly received: string[] = [];

  /** Stores the cookies of a response (a Max-Age=0 or past Expires deletes one). */
  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      this.received.push(header);
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.split('=').map((s) => s.trim());
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === '') this.values.delete(name);
      else this.values.set(name, value);
    }
  }

  /** The value of a cookie, or undefined. */
  get(name: string): string | undefined {
    return this.values.get(name);
  }

  /** Sets (or, with undefined, removes) a cookie by hand: tests of fixation and forged cookies. */
  set(name: string, value: string | undefined): void {
    if (value === undefined) this.values.delete(name);
    else this.values.set(name, value);
  }

  /** The Cookie request header ('' when empty). */
  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The most recent Set-Cookie header for `name`, if any. */
  lastSetCookie(name: string): string | undefined {
    return [...this.received].reverse().find((h) => h.startsWith(`${name}=`));
  }
}

/** A form of a page: where it posts, its step and its fields. */
export interface ParsedForm {
  readonly action: string;
  readonly method: string;
  readonly step: string | undefined;
  /** Hidden inputs (name → value). */
  readonly hidden: Record<string, string>;
  /** Names of the visible inputs (text, password…). */
  readonly fields: string[];
  /** The values of the submit buttons named `answer`. */
  readonly answers: string[];
}

/** Decodes the entities escapeHtml produces (and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (_m, e: string) => {
    const lower = e.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[lower] ?? '';
  });
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z_:][\w:.-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = m[1];
    if (name === undefined) continue;
    attributes[name.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attributes;
}

/** Every `<form>` of a page, parsed with regular expressions (the page's markup is simple and regular). */
export function parseForms(html: string): ParsedForm[] {
  const forms: ParsedForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const formAttributes = attributesOf(m[1] ?? '');
    const body = m[2] ?? '';
    const hidden: Record<string, string> = {};
    const fields: string[] = [];
    for (const input of body.matchAll(/<input\b([^>]*)>/gi)) {
      const a = attributesOf(input[1] ?? '');
      if (a.name === undefined) continue;
      if ((a.type ?? 'text').toLowerCase() === 'hidden') hidden[a.name] = a.value ?? '';
      else fields.push(a.name);
    }
    for (const select of body.matchAll(/<(?:select|textarea)\b([^>]*)>/gi)) {
      const a = attributesOf(select[1] ?? '');
      if (a.name !== undefined) fields.push(a.name);
    }
    const answers: string[] = [];
    for (const button of body.matchAll(/<button\b([^>]*)>/gi)) {
      const a = attributesOf(button[1] ?? '');
      if (a.name === 'answer' && a.value !== undefined && a.hidden === undefined) answers.push(a.value);
    }
    forms.push({ action: formAttributes.action ?? '', method: (formAttributes.method ?? 'get').toLowerCase(), step: formAttributes['data-step'], hidden, fields, answers });
  }
  return forms;
}

/** The text of the page's `role="alert"` element, if any (an error message). */
export function alertText(html: string): string | undefined {
  const m = /<[a-z]+\b[^>]*role="alert"[^>]*>([\s\S]*?)<\/[a-z]+>/i.exec(html);
  return m === null ? undefined : decodeEntities((m[1] ?? '').replace(/<[^>]+>/g, '')).trim();
}

/** The page's `<h1>` text. */
export function headingText(html: string): string {
  const m = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  return m === null ? '' : decodeEntities((m[1] ?? '').replace(/<[^>]+>/g, '')).trim();
}

/** Input of signInThroughHostedPage. */
export interface HostedSignInInput {
  /** The full /oauth2/authorize URL on the managed-login origin. */
  readonly authorizeUrl: string;
  readonly username: string;
  readonly password: string;
  /** The current TOTP code, asked for when the page shows the authenticator-app step. */
  readonly totp?: () => string | Promise<string>;
  /** The browser's cookies (a new jar when absent). */
  readonly cookies?: CookieJar;
  /** How requests are sent (default: global fetch), e.g. to reach the server under another Host name. */
  readonly fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

const MAX_REQUESTS = 25;

/**
 * Signs in through the hosted page: follows redirects on the managed-login origin, fills the
 * sign-in form, then the authenticator-app code step when one comes, and returns the first
 * Location that leaves the origin (the client's redirect_uri with code and state, or an OAuth
 * error) with the cookie jar. Throws with the page's message when the page stops at an error or
 * asks for a step it cannot answer.
 */
export async function signInThroughHostedPage(input: HostedSignInInput): Promise<{ location: string; cookies: CookieJar }> {
  const cookies = input.cookies ?? new CookieJar();
  const origin = new URL(input.authorizeUrl).origin;
  let next: { url: string; init: RequestInit } = { url: input.authorizeUrl, init: { method: 'GET' } };
  const answered = new Set<string>();
  for (let i = 0; i < MAX_REQUESTS; i += 1) {
    const headers = new Headers(next.init.headers);
    const cookieHeader = cookies.header();
    if (cookieHeader !== '') headers.set('cookie', cookieHeader);
    headers.set('accept', 'text/html');
    const response = await (input.fetch ?? fetch)(next.url, { ...next.init, headers, redirect: 'manual' });
    cookies.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      const target = new URL(location, next.url);
      if (target.origin !== origin) return { location: target.toString(), cookies };
      next = { url: target.toString(), init: { method: 'GET' } };
      continue;
    }
    const html = await response.text();
    const form = parseForms(html).find((f) => f.method === 'post' && f.step !== undefined);
    if (form === undefined) throw new Error(`hosted page stopped (${response.status}): ${headingText(html)} ${alertText(html) ?? ''}`.trim());
    const step = form.step ?? '';
    const alert = alertText(html);
    // The same step again with an error: the answer was refused (wrong password, wrong code…).
    if (answered.has(step) && alert !== undefined) throw new Error(`hosted page refused the ${step} step: ${alert}`);
    answered.add(step);
    const body = new URLSearchParams(form.hidden);
    if (form.fields.includes('username')) body.set('username', input.username);
    if (form.fields.includes('password')) body.set('password', input.password);
    if (step === 'SELECT_MFA_TYPE' || step === 'SELECT_CHALLENGE') {
      const wanted = ['SOFTWARE_TOKEN_MFA', 'PASSWORD_SRP', 'PASSWORD'].find((a) => form.answers.includes(a));
      if (wanted === undefined) throw new Error(`hosted page offers ${form.answers.join(', ')}; the driver answers only TOTP or password`);
      body.set('answer', wanted);
    } else if (form.fields.includes('code')) {
      if (step !== 'SOFTWARE_TOKEN_MFA' || input.totp === undefined) throw new Error(`hosted page asks for a ${step} code; the driver answers only the authenticator-app step (give totp)`);
      body.set('code', await input.totp());
    } else if (!form.fields.includes('username') && !form.fields.includes('password')) {
      throw new Error(`hosted page shows the ${step} step, which the driver does not answer`);
    }
    next = {
      url: new URL(form.action === '' ? next.url : form.action, next.url).toString(),
      init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() },
    };
  }
  throw new Error(`hosted page: no redirect off the origin after ${MAX_REQUESTS} requests`);
}
