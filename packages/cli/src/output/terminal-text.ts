/**
 * Text from the repository on a terminal. File names, docstrings, signatures and source come
 * from an untrusted checkout: an escape sequence in them can set the window title, rewrite the
 * screen or the clipboard, a bidirectional override can make code read differently from what
 * it is, and a newline in a file name splits a row of output in two. Human output escapes them
 * (`--json` output is JSON, where they are already escaped).
 *
 * Escapes read as in JSON or JavaScript: `\n`, `\t`, `\r`, else `\uXXXX`.
 */

/**
 * C0 controls, DEL, C1 controls (U+009B is a one-byte CSI on some terminals) and the bidi
 * controls (embedding, override, isolate, marks), which reorder text on screen.
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The same, but tab and newline kept: they lay out source text and docstrings. */
const CONTROLS_BUT_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeOne(ch: string): string {
  if (ch === '\n') return '\\n';
  if (ch === '\t') return '\\t';
  if (ch === '\r') return '\\r';
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every control character written as an escape. With `keepLayout`, newlines and
 * tabs stay (a CRLF becomes a newline); use it for multi-line text only, never for a name.
 */
export function escapeControls(text: string, keepLayout = false): string {
  if (keepLayout) return text.replace(/\r\n/g, '\n').replace(CONTROLS_BUT_LAYOUT, escapeOne);
  return text.replace(CONTROLS, escapeOne);
}

/** Fields of a query result that hold multi-line text: source blocks, docstrings, signatures. */
const MULTI_LINE_FIELDS = new Set(['text', 'docstring', 'signature']);

/**
 * A copy of a query result fit for human rendering: every string escaped, names and paths
 * entirely, multi-line fields keeping their layout. Renderers then never see a raw control.
 */
export function forTerminal<T>(value: T): T {
  return sanitize(value, false) as T;
}

function sanitize(value: unknown, keepLayout: boolean): unknown {
  if (typeof value === 'string') return escapeControls(value, keepLayout);
  if (Array.isArray(value)) return value.map((item) => sanitize(item, keepLayout));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = sanitize(item, MULTI_LINE_FIELDS.has(key));
    return copy;
  }
  return value;
}

/** Our own colour codes (SGR: `ESC [ digits ; … m`) are the only escape sequences let through. */
const UNSAFE_ON_TERMINAL = /\u001b(?!\[[0-9;]*m)|[\u0000-\u0008\u000b-\u001a\u001c-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The last guard on what a query command writes: whatever reached the output without going
 * through `forTerminal` (an error message quoting a name, a summary line) still cannot carry a
 * control sequence. JSON passes unchanged in meaning: it never holds a raw C0 control, and a
 * raw DEL, C1 or bidi control can only sit inside a string, where `\uXXXX` is the same text.
 */
export function guardTerminalText(text: string): string {
  return text.replace(UNSAFE_ON_TERMINAL, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
