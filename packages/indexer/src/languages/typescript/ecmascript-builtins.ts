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
