// The one error catalogue of the web app: errors the app raises itself (not auth-core's or
// data-client's), each with a stable name, the message shown and a recovery suggestion.

/** One row of the catalogue. */
export interface WebCatalogueEntry {
  readonly message: string;
  readonly recoverySuggestion: string;
}

/** Every error name the web app raises, with what a person reads. */
export const WEB_ERROR_CATALOGUE = {
  RuntimeConfigUnavailable: {
    message: 'Steward could not load its settings from the server.',
    recoverySuggestion: 'Check that the server is running, then reload the page.',
  },
  RuntimeConfigInvalid: {
    message: 'The server sent settings Steward cannot use.',
    recoverySuggestion: 'Ask an administrator to check /runtime-config.json.',
  },
  AdminApiForbidden: {
    message: 'Only members of the Admins group can manage users.',
    recoverySuggestion: 'Ask an administrator to add you to the Admins group.',
  },
  AdminApiRefused: {
    message: 'The server refused the user management request.',
    recoverySuggestion: 'Correct what the message names, then try again.',
  },
  AdminApiFailed: {
    message: 'The user management request failed.',
    recoverySuggestion: 'Try again; if it keeps failing, check the server logs.',
  },
  AuditForbidden: {
    message: 'Only members of the Admins group can read the audit trail.',
    recoverySuggestion: 'Ask an administrator to add you to the Admins group.',
  },
  AuditRefused: {
    message: 'The server refused the audit trail search.',
    recoverySuggestion: 'Correct what the message names, then search again.',
  },
  AuditFailed: {
    message: 'The audit trail could not be read.',
    recoverySuggestion: 'Try again; if it keeps failing, check the server logs.',
  },
  PoolsForbidden: {
    message: 'Only members of the Admins group of this app’s user pool can list the user pools.',
    recoverySuggestion: 'Ask an administrator to add you to the Admins group.',
  },
  PoolsFailed: {
    message: 'The user pools could not be read.',
    recoverySuggestion: 'Try again; if it keeps failing, check the server logs.',
  },
  SignInHistoryFailed: {
    message: 'Your recent sign-ins could not be loaded.',
    recoverySuggestion: 'Reload the page to try again.',
  },
} as const satisfies Record<string, WebCatalogueEntry>;

/** A name in the web catalogue. */
export type WebErrorName = keyof typeof WEB_ERROR_CATALOGUE;

/** An error raised by the web app itself: stable `name`, the catalogue's message and recovery suggestion. */
export class WebError extends Error {
  override readonly name: WebErrorName;
  readonly recoverySuggestion: string;

  constructor(name: WebErrorName, options: { message?: string; cause?: unknown } = {}) {
    super(options.message ?? WEB_ERROR_CATALOGUE[name].message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = name;
    this.recoverySuggestion = WEB_ERROR_CATALOGUE[name].recoverySuggestion;
  }
}
