/**
 * Names the JavaScript runtimes provide without an import: ECMAScript globals, Node.js globals,
 * browser globals that code commonly calls bare, and the test-runner globals (describe/it/expect).
 * A bare call to one of them is never linked to a workspace declaration by name alone.
 */
import { builtinModules } from 'node:module';

const ECMASCRIPT_GLOBALS = [
  'Array', 'ArrayBuffer', 'AggregateError', 'Atomics', 'BigInt', 'BigInt64Array', 'BigUint64Array', 'Boolean',
  'DataView', 'Date', 'Error', 'EvalError', 'FinalizationRegistry', 'Float32Array', 'Float64Array', 'Function',
  'Infinity', 'Int8Array', 'Int16Array', 'Int32Array', 'Intl', 'Iterator', 'JSON', 'Map', 'Math', 'NaN', 'Number',
  'Object', 'Promise', 'Proxy', 'RangeError', 'ReferenceError', 'Reflect', 'RegExp', 'Set', 'SharedArrayBuffer',
  'String', 'Symbol', 'SyntaxError', 'TypeError', 'URIError', 'Uint8Array', 'Uint8ClampedArray', 'Uint16Array',
  'Uint32Array', 'WeakMap', 'WeakRef', 'WeakSet', 'decodeURI', 'decodeURIComponent', 'encodeURI',
  'encodeURIComponent', 'escape', 'unescape', 'eval', 'globalThis', 'isFinite', 'isNaN', 'parseFloat', 'parseInt',
  'undefined', 'SuppressedError', 'DisposableStack', 'AsyncDisposableStack',
];

/** Web platform APIs available in browsers, Node ≥ 18, Deno and Bun alike. */
const WEB_PLATFORM_GLOBALS = [
  'AbortController', 'AbortSignal', 'Blob', 'BroadcastChannel', 'ByteLengthQueuingStrategy', 'CompressionStream',
  'CountQueuingStrategy', 'Crypto', 'CryptoKey', 'CustomEvent', 'DOMException', 'DecompressionStream', 'Event',
  'EventTarget', 'File', 'FormData', 'Headers', 'MessageChannel', 'MessageEvent', 'MessagePort', 'Performance',
  'ReadableStream', 'Request', 'Response', 'SubtleCrypto', 'TextDecoder', 'TextDecoderStream', 'TextEncoder',
  'TextEncoderStream', 'TransformStream', 'URL', 'URLSearchParams', 'WebAssembly', 'WebSocket', 'Worker',
  'WritableStream', 'atob', 'btoa', 'clearInterval', 'clearTimeout', 'console', 'crypto', 'fetch', 'navigator',
  'performance', 'queueMicrotask', 'reportError', 'setInterval', 'setTimeout', 'structuredClone',
];

const NODE_GLOBALS = [
  'Buffer', '__dirname', '__filename', 'clearImmediate', 'exports', 'global', 'module', 'process', 'require',
  'setImmediate',
];

/** Browser globals that code calls without `window.`. Deliberately excludes generic words (open, close, print). */
const BROWSER_GLOBALS = [
  'alert', 'cancelAnimationFrame', 'cancelIdleCallback', 'confirm', 'customElements', 'document',
  'getComputedStyle', 'history', 'localStorage', 'location', 'matchMedia', 'prompt', 'requestAnimationFrame',
  'requestIdleCallback', 'sessionStorage', 'window', 'addEventListener', 'removeEventListener', 'dispatchEvent',
  'postMessage', 'IntersectionObserver', 'MutationObserver', 'ResizeObserver', 'PerformanceObserver', 'Image',
  'Audio', 'Option', 'XMLHttpRequest', 'FileReader', 'Notification', 'HTMLElement', 'Element', 'Node',
  'DOMParser', 'XMLSerializer', 'Range', 'Selection', 'ShadowRoot', 'NodeFilter', 'indexedDB', 'caches',
  'EventSource', 'IDBKeyRange', 'OffscreenCanvas', 'ImageData', 'Path2D', 'DOMRect', 'DOMMatrix', 'FontFace',
];

/** Globals injected by Jest, Vitest (globals mode), Mocha and Jasmine. */
const TEST_RUNNER_GLOBALS = [
  'afterAll', 'afterEach', 'beforeAll', 'beforeEach', 'describe', 'expect', 'fdescribe', 'fit', 'it', 'jest',
  'test', 'vi', 'xdescribe', 'xit', 'xtest', 'suite', 'suiteSetup', 'suiteTeardown',
];

/**
 * Test runners' globals of an interface the code may augment, by name: Cypress declares `cy` as a `Cypress.cy`, an
 * interface extending `Cypress.Chainable`, which a project's custom commands augment (`Cypress.Commands.add`).
 * `own`: the members the runner's declaration has itself. A project declaring one of those again adds overloads
 * (`task(event: 'db:find', …)`) beside the runner's, which only the arguments tell apart: such calls stay unlinked.
 */
export const AMBIENT_GLOBAL_TYPES: ReadonlyMap<string, { type: string[]; own: ReadonlySet<string> }> = new Map([
  ['cy', {
    type: ['Cypress', 'Chainable'],
    own: new Set([
      'and', 'as', 'blur', 'check', 'children', 'clear', 'clearAllCookies', 'clearAllLocalStorage', 'clearAllSessionStorage',
      'clearCookie', 'clearCookies', 'clearLocalStorage', 'click', 'clock', 'closest', 'contains', 'dblclick', 'debug',
      'document', 'each', 'end', 'eq', 'exec', 'filter', 'find', 'first', 'fixture', 'focus', 'focused', 'get',
      'getAllCookies', 'getAllLocalStorage', 'getAllSessionStorage', 'getCookie', 'getCookies', 'go', 'hash', 'intercept',
      'invoke', 'its', 'last', 'location', 'log', 'next', 'nextAll', 'nextUntil', 'not', 'origin', 'parent', 'parents',
      'parentsUntil', 'pause', 'press', 'prev', 'prevAll', 'prevUntil', 'readFile', 'reload', 'request', 'rightclick',
      'root', 'route', 'screenshot', 'scrollIntoView', 'scrollTo', 'select', 'selectFile', 'server', 'session', 'setCookie',
      'shadow', 'should', 'siblings', 'spread', 'spy', 'stub', 'submit', 'task', 'then', 'tick', 'title', 'trigger',
      'type', 'uncheck', 'url', 'viewport', 'visit', 'wait', 'window', 'within', 'wrap', 'writeFile',
    ]),
  }],
]);

const BUILTIN_NAMES: ReadonlySet<string> = new Set([
  ...ECMASCRIPT_GLOBALS, ...WEB_PLATFORM_GLOBALS, ...NODE_GLOBALS, ...BROWSER_GLOBALS, ...TEST_RUNNER_GLOBALS,
]);

export function isEcmascriptBuiltin(name: string): boolean {
  return BUILTIN_NAMES.has(name);
}

const NODE_BUILTIN_MODULES: ReadonlySet<string> = new Set(builtinModules);

/** `fs`, `node:fs`, `fs/promises`, `node:test`: modules the Node runtime provides. */
export function isNodeBuiltinModule(specifier: string): boolean {
  if (specifier.startsWith('node:')) return true;
  return NODE_BUILTIN_MODULES.has(specifier);
}
