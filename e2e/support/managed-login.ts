// Drives the server's managed login (hosted /oauth2/authorize and /login pages) the way a browser
// without JavaScript would: plain fetch, redirects followed by hand, cookies kept, each HTML form
// posted back with its hidden inputs (the CSRF token among them) and the fields a person fills in.

/** One `<form>` of a page: where it posts, and every named input with its value. */
export interface HtmlForm {
  readonly action: string;
  readonly method: string;
  readonly inputs: ReadonlyArray<{ readonly name: string; readonly type: string; readonly value: string }>;
}

/** What a person types on the managed login pages. */
export interface ManagedLoginAnswers {
  readonly username: string;
  readonly password: string;
  /** The code of the MFA step (a fresh TOTP code, an emailed code, …), asked for when a page wants one. */
  readonly code?: () => string | Promise<string>;
}

/** Where the run ended: the app's callback address (with `code`/`state` or `error`), and every page visited. */
export interface ManagedLoginRun {
  readonly callbackUrl: string;
  readonly visited: readonly string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'", '#34': '"' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    const known = ENTITIES[entity.toLowerCase()];
    if (known !== undefined) return known;
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return whole;
  });
}

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = (match[1] ?? '').toLowerCase();
    found[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

/** The forms of an HTML page (inputs, and named submit buttons as inputs of type submit). */
export function parseForms(html: string): HtmlForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map((form) => {
    const attrs = attributes(form[1] ?? '');
    const body = form[2] ?? '';
    const inputs = [...body.matchAll(/<(input|button|textarea|select)\b([^>]*)>/gi)].flatMap((field) => {
      const a = attributes(field[2] ?? '');
      if (a.name === undefined || a.name === '') return [];
      const kind = (field[1] ?? '').toLowerCase();
      const type = kind === 'input' ? (a.type ?? 'text').toLowerCase() : kind === 'button' ? (a.type ?? 'submit').toLowerCase() : kind;
      return [{ name: a.name, type, value: a.value ?? '' }];
    });
    return { action: attrs.action ?? '', method: (attrs.method ?? 'get').toLowerCase(), inputs };
  });
}

/** A cookie jar for one origin's `Set-Cookie` answers. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Keeps the cookies a response sets (expired ones are dropped). */
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /;\s*max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header to send, if any. */
  header(): Record<string, string> {
    return this.cookies.size === 0 ? {} : { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }
}

/** The form to submit on a page and the values a person would enter into it. */
async function fillForm(forms: HtmlForm[], answers: ManagedLoginAnswers): Promise<{ form: HtmlForm; body: URLSearchParams } | undefined> {
  const form =
    forms.find((f) => f.inputs.some((i) => i.type === 'password')) ??
    forms.find((f) => f.inputs.some((i) => i.type !== 'hidden' && /code|otp|totp/i.test(i.name)));
  if (form === undefined) return undefined;
  const body = new URLSearchParams();
  for (const input of form.inputs) {
    if (input.type === 'hidden') body.append(input.name, input.value);
    else if (input.type === 'password') body.append(input.name, answers.password);
    else if (/user|email|login/i.test(input.name) && input.type !== 'submit') body.append(input.name, answers.username);
    else if (/code|otp|totp/i.test(input.name) && input.type !== 'submit') {
      if (answers.code === undefined) throw new Error(`the page asks for ${input.name} but no code answer was given`);
      body.append(input.name, await answers.code());
    }
  }
  return { form, body };
}

/**
 * Opens `authorizeUrl` and follows managed login until it redirects to an address starting with
 * `callbackPrefix` (the app's redirect_uri), posting the sign-in forms on the way. Throws with the
 * page's text when a page has no form it can fill, or after `maxSteps` round trips.
 */
export async function driveManagedLogin(
  authorizeUrl: string,
  callbackPrefix: string,
  answers: ManagedLoginAnswers,
  options: { fetch?: typeof fetch; maxSteps?: number } = {},
): Promise<ManagedLoginRun> {
  const doFetch = options.fetch ?? fetch;
  const jar = new CookieJar();
  const visited: string[] = [];
  let url = authorizeUrl;
  let request: RequestInit = { method: 'GET' };
  for (let step = 0; step < (options.maxSteps ?? 12); step += 1) {
    visited.push(`${request.method ?? 'GET'} ${url}`);
    const response = await doFetch(url, { ...request, redirect: 'manual', headers: { ...jar.header(), ...(request.headers as Record<string, string> | undefined) } });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      const next = new URL(location, url).href;
      if (next.startsWith(callbackPrefix)) return { callbackUrl: next, visited };
      url = next;
      request = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    const filled = await fillForm(parseForms(html), answers);
    if (filled === undefined) {
      const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 400);
      throw new Error(`managed login stopped at ${url} (HTTP ${response.status}): ${text}`);
    }
    const target = new URL(filled.form.action === '' ? url : filled.form.action, url);
    if (filled.form.method === 'post') {
      request = { method: 'POST', body: filled.body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: target.origin, referer: url } };
      url = target.href;
    } else {
      for (const [name, value] of filled.body) target.searchParams.append(name, value);
      request = { method: 'GET' };
      url = target.href;
    }
  }
  throw new Error(`managed login did not return to ${callbackPrefix} within ${options.maxSteps ?? 12} steps: ${visited.join(' → ')}`);
}
