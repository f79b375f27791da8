// What an error looks like in the log. Errors carry more than their message: PGlite attaches the
// failed statement's `query` and `params` (a password hash, a sealed secret, a token digest…),
// PostgreSQL's `detail` quotes the values of a violated key, Node's HTTP parser attaches the raw
// request bytes (`rawPacket`: headers with the Authorization and Cookie), and JSON.parse quotes
// the body it could not read in its message. So an error is logged from an allow-list of
// fields, its message is withheld where it quotes input, and anything shaped like a JWT is masked.

/** How many `cause` links are followed. */
const MAX_CAUSE_DEPTH = 3;
/** The longest message logged. */
const MAX_MESSAGE_LENGTH = 500;

// Fields that name things (a SQLSTATE, a constraint, a status) and never quote data.
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine', 'operation', 'step'] as const;

// Three base64url segments starting with the encoded `{"`: a JWT (access, id or refresh token).
const JWT = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;

/** An error as logged. */
export interface LoggedError {
  type: string;
  message: string;
  /** The frames of the stack ('' when there are none). */
  stack: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/** True for errors whose message quotes the input that could not be read (a body, a header). */
function quotesInput(error: Error): boolean {
  if (error instanceof SyntaxError) return true;
  const code = (error as { code?: unknown }).code;
  // Fastify's body and header parsing errors, Node's HTTP parser errors.
  return typeof code === 'string' && (code.startsWith('FST_ERR_CTP_') || code.startsWith('HPE_'));
}

/** The message with JWT-shaped strings masked, cut to a bound. */
export function maskMessage(message: string): string {
  const masked = message.replace(JWT, '[jwt]');
  return masked.length > MAX_MESSAGE_LENGTH ? `${masked.slice(0, MAX_MESSAGE_LENGTH)}…` : masked;
}

/** The stack's frames only: its first line repeats the message, which is logged (or withheld) on its own. */
function framesOf(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

function serialize(error: unknown, depth: number): LoggedError {
  if (!(error instanceof Error)) {
    // A thrown string or object: its type only; its content is unknown and may be anything.
    return { type: error === null ? 'null' : typeof error, message: '[a non-Error value was thrown]', stack: '' };
  }
  const logged: LoggedError = {
    type: error.name !== '' ? error.name : error.constructor.name,
    message: quotesInput(error) ? '[withheld: it may quote the input]' : maskMessage(error.message),
    stack: framesOf(error.stack),
  };
  for (const field of SAFE_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = typeof value === 'string' ? maskMessage(value) : value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) logged.cause = serialize(error.cause, depth + 1);
  return logged;
}

/** Pino serializer for `err`: type, message (withheld where it quotes input), frames, naming fields, cause. */
export function serializeError(error: unknown): LoggedError {
  return serialize(error, 0);
}
