// The frame of every hosted login page, like Steward's own sign-in (packages/web's AuthCard): the
// product name, a title, the message region, the form, a footer of links. No inline script (the
// origin's CSP forbids it); the stylesheet and the passkey script are files of this origin.
import type { HostedBranding, HostedLook } from '../../../hosted/hosted-look.js';
import type { ModeImage } from '../../../user-pool/branding/branding-look.js';
import { escapeHtml } from '../../../hosted/hosted-page.js';
import type { Notice } from './messages.js';

/** Where the page's static files are served. */
export const ASSET_PATH = '/login-assets';

/** What a page shows. */
export interface PageView {
  readonly title: string;
  /** A sentence under the title. */
  readonly description?: string;
  /** Already-escaped markup of the page's forms. */
  readonly body: string;
  /** Already-escaped markup of the footer (links). */
  readonly footer?: string;
  /** An error (role="alert") or a status line above the form. */
  readonly notice?: Notice;
  /** The `lang` of the request (BCP 47); English otherwise. The text is English either way. */
  readonly lang?: string;
  /** Load the passkey script (the WEB_AUTHN step and the sign-in page of a pool with passkeys). */
  readonly passkeyScript?: boolean;
  /** The app client's look (UI customization stylesheet and logo, terms links). */
  readonly look?: HostedLook;
  /** Show the client's terms links (the sign-up page, as Cognito's). */
  readonly showTerms?: boolean;
}

/**
 * Steward's icon, the web app's own (packages/web/index.html), inline so the browser does not ask
 * this origin for /favicon.ico (a 404 in every page's console); the CSP allows data: images.
 */
const ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%232456c7'/%3E%3Cpath d='M10 21c1.5 1.4 3.6 2 5.9 2 3.3 0 5.6-1.6 5.6-4.2 0-5.2-10.6-3.2-10.6-7.6 0-1.6 1.5-2.9 4.2-2.9 1.9 0 3.4.5 4.7 1.4' stroke='%23fff' stroke-width='2.6' fill='none' stroke-linecap='round'/%3E%3C/svg%3E";

/** A usable html lang attribute from the request's `lang`, else 'en'. */
export function htmlLang(lang: string | undefined): string {
  return lang !== undefined && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/.test(lang) ? lang : 'en';
}

function noticeMarkup(notice: Notice | undefined): string {
  if (notice === undefined) return '';
  const detail = notice.detail === undefined ? '' : `<p class="live-region__detail">${escapeHtml(notice.detail)}</p>`;
  return notice.kind === 'error'
    ? `<div class="live-region live-region--error errorMessage-customizable" role="alert"><p>${escapeHtml(notice.message)}</p>${detail}</div>`
    : `<div class="live-region live-region--status" role="status"><p>${escapeHtml(notice.message)}</p>${detail}</div>`;
}

/** A branding image: one <img>, or a <picture> whose dark-mode source the browser picks by its colour scheme. */
function modeImage(image: ModeImage, className: string): string {
  const img = `<img class="${className}" src="${escapeHtml(image.light)}" alt="">`;
  return image.dark === image.light ? img : `<picture><source media="(prefers-color-scheme: dark)" srcset="${escapeHtml(image.dark)}">${img}</picture>`;
}

function faviconLinks(branding: HostedBranding | undefined): string {
  if (branding === undefined || branding.favicons.length === 0) return `<link rel="icon" href="${ICON}">`;
  return branding.favicons.map((f) => `<link rel="icon" type="${f.type}" href="${escapeHtml(f.href)}">`).join('\n');
}

/** A whole page. */
export function renderPage(view: PageView): string {
  const script = view.passkeyScript === true ? `\n<script src="${ASSET_PATH}/passkey.js" defer></script>` : '';
  const look = view.look;
  const branding = look?.branding;
  // After the page's own stylesheet, so the customization's (or the branding style's) rules win.
  const customHref = branding?.cssHref ?? look?.cssHref;
  const customCss = customHref === undefined ? '' : `\n<link rel="stylesheet" href="${escapeHtml(customHref)}">`;
  const logo =
    branding?.formLogo !== undefined
      ? `\n${modeImage(branding.formLogo, 'auth-card__logo')}`
      : look?.logoSrc === undefined
        ? ''
        : `\n<img class="auth-card__logo logo-customizable" src="${escapeHtml(look.logoSrc)}" alt="">`;
  const header = branding?.headerLogo === undefined ? '' : `\n<header class="auth-header">${modeImage(branding.headerLogo, 'auth-header__logo')}</header>`;
  // A style pinned to one scheme pins the page's own colours too (hosted-login.css reads the attribute).
  const scheme = branding === undefined || branding.scheme === 'DYNAMIC' ? '' : ` data-color-scheme="${branding.scheme === 'DARK' ? 'dark' : 'light'}"`;
  const terms =
    look === undefined || view.showTerms !== true || look.terms.length === 0
      ? ''
      : `\n<p class="auth-card__legal legalText-customizable">${look.terms.map((t) => `<a href="${escapeHtml(t.href)}" rel="noopener noreferrer" target="_blank">${escapeHtml(t.label)}</a>`).join(' · ')}</p>`;
  return `<!doctype html>
<html lang="${escapeHtml(htmlLang(view.lang))}"${scheme}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(view.title)} · Steward</title>
${faviconLinks(branding)}
<link rel="stylesheet" href="${ASSET_PATH}/hosted-login.css">${customCss}${script}
</head>
<body>${header}
<main class="auth-page background-customizable">
<div class="auth-card">
<p class="auth-card__brand banner-customizable">Steward</p>${logo}
<h1 class="auth-card__title">${escapeHtml(view.title)}</h1>
${view.description === undefined ? '' : `<div class="auth-card__description textDescription-customizable"><p>${escapeHtml(view.description)}</p></div>`}
${noticeMarkup(view.notice)}
${view.body}
${view.footer === undefined ? '' : `<div class="auth-card__footer">${view.footer}</div>`}${terms}
</div>
</main>
</body>
</html>
`;
}

/** A page with only a title and a sentence (and an optional way back): errors that end the sign-in. */
export function errorPage(title: string, detail: string, back?: { href: string; label: string }, lang?: string): string {
  return renderPage({
    title,
    body: `<p>${escapeHtml(detail)}</p>`,
    ...(back !== undefined ? { footer: `<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p>` } : {}),
    ...(lang !== undefined ? { lang } : {}),
  });
}

/** One input with its label (and hint). */
export interface FieldView {
  readonly name: string;
  readonly label: string;
  readonly type?: 'text' | 'password' | 'email' | 'tel';
  readonly value?: string;
  readonly autocomplete?: string;
  readonly inputmode?: 'numeric' | 'email' | 'tel';
  readonly hint?: string;
  readonly required?: boolean;
  readonly autofocus?: boolean;
  /** Marks the field as the one in error. */
  readonly invalid?: boolean;
  readonly pattern?: string;
  readonly maxlength?: number;
}

/** A labelled input. */
export function field(f: FieldView): string {
  const id = `field-${f.name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const attributes = [
    `id="${id}"`,
    `class="field__input inputField-customizable"`,
    `name="${escapeHtml(f.name)}"`,
    `type="${f.type ?? 'text'}"`,
    f.value !== undefined && f.value !== '' ? `value="${escapeHtml(f.value)}"` : '',
    f.autocomplete !== undefined ? `autocomplete="${f.autocomplete}"` : '',
    f.inputmode !== undefined ? `inputmode="${f.inputmode}"` : '',
    f.pattern !== undefined ? `pattern="${escapeHtml(f.pattern)}"` : '',
    f.maxlength !== undefined ? `maxlength="${f.maxlength}"` : '',
    f.required === false ? '' : 'required',
    f.autofocus === true ? 'autofocus' : '',
    f.invalid === true ? 'aria-invalid="true"' : '',
    f.hint !== undefined ? `aria-describedby="${id}-hint"` : '',
  ].filter((a) => a !== '');
  const hint = f.hint === undefined ? '' : `<span class="field__hint" id="${id}-hint">${escapeHtml(f.hint)}</span>`;
  return `<div class="field${f.invalid === true ? ' field--invalid' : ''}"><label class="field__label label-customizable" for="${id}">${escapeHtml(f.label)}</label><input ${attributes.join(' ')}>${hint}</div>`;
}

/** A hidden input. */
export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

/** A form posting one step. `step` names it (data-step) for tests and the driver. */
export function stepForm(args: {
  readonly action: string;
  readonly step: string;
  readonly hidden: Readonly<Record<string, string>>;
  readonly fields: string;
  readonly submit?: string;
  /** Extra buttons or links after the submit button. */
  readonly secondary?: string;
  readonly label?: string;
  readonly className?: string;
  /** More attributes of the form element (data-… for the passkey script). */
  readonly attributes?: Readonly<Record<string, string>>;
}): string {
  const hiddenInputs = Object.entries(args.hidden)
    .map(([name, value]) => hidden(name, value))
    .join('');
  const submit = args.submit === undefined ? '' : `<button class="button button--primary submitButton-customizable" type="submit">${escapeHtml(args.submit)}</button>`;
  const actions = submit === '' && args.secondary === undefined ? '' : `<div class="auth-form__actions">${submit}${args.secondary ?? ''}</div>`;
  const extra = Object.entries(args.attributes ?? {})
    .filter(([name]) => /^data-[a-z-]+$/.test(name))
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return `<form method="post" action="${escapeHtml(args.action)}" data-step="${escapeHtml(args.step)}" class="auth-form${args.className !== undefined ? ` ${args.className}` : ''}"${args.label !== undefined ? ` aria-label="${escapeHtml(args.label)}"` : ''}${extra}>${hiddenInputs}${args.fields}${actions}</form>`;
}

/** A link. */
export function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
}
