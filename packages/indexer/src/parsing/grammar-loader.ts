/**
 * Loads the tree-sitter WASM grammars listed in `<repo>/grammars/grammars.json`, lazily and at most once
 * per language per thread (every worker thread has its own copy of this module's state).
 *
 * A grammar file is checked against the sha256 recorded in grammars.json before its first use, so a
 * different build of a grammar can never silently change what gets extracted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { sha256Hex } from '@arbor/vocabulary';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language as Grammar, Parser, type Tree } from 'web-tree-sitter';
import { LANGUAGES, type Language } from '../model/graph-vocabulary.js';
import { useDirectI32Access } from './runtime-memory.js';
import { compiledModule, readRuntimeWasm, type CompiledName } from './compiled-modules.js';
import { directReader, portableReader, type TreeReader } from './tree-reader.js';

export interface GrammarEntry {
  language: Language;
  /** npm package that ships the wasm, a dependency of @arbor/indexer. */
  package: string;
  version: string;
  /** Path of the wasm inside the package. */
  file: string;
  /** Hex sha256 of the wasm file. */
  sha256: string;
  /** How the grammar did on real code (see grammars/README.md); informational. */
  measured?: unknown;
}

export class GrammarError extends Error {
  override name = 'GrammarError';
}

let manifest: { path: string; grammars: GrammarEntry[]; runtime: string } | undefined;
let initialised: Promise<void> | undefined;
let directAccess = false;
let reader: TreeReader = portableReader;
/** The runtime's Emscripten module (what `Parser.init` filled in). */
let runtimeModule: { HEAPU8?: Uint8Array } | undefined;
const grammars = new Map<Language, Promise<Grammar>>();
const loaded = new Set<Language>();
const parsers = new Map<Language, Parser>();

/**
 * Compiled grammars waiting to be linked, by the stand-in bytes handed to `Grammar.load` for them
 * (see `linkCompiledGrammar`).
 */
const compiledByStandIn = new WeakMap<Uint8Array, WebAssembly.Module>();
/** Whether this thread's runtime links compiled modules (its Emscripten linker was found). */
let linksCompiled = false;

interface EmscriptenLinker {
  loadWebAssemblyModule?: (binary: Uint8Array | WebAssembly.Module, ...rest: unknown[]) => unknown;
  instantiateWasm?: (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
}

/** Initialises the tree-sitter runtime once for this thread, from the process's one compiled runtime module. */
export function initParser(): Promise<void> {
  initialised ??= (async () => {
    // The object Parser.init is given becomes the runtime's Emscripten module (runtime-memory.ts).
    // Emscripten's documented `instantiateWasm` hook lets it instantiate the shared compiled runtime
    // instead of reading and compiling tree-sitter.wasm in every thread.
    let compiled: WebAssembly.Module;
    try {
      compiled = await compiledModule('runtime', readRuntimeWasm);
    } catch (error) {
      // Nothing was initialised yet: the next parse tries again (a read may fail for a moment).
      initialised = undefined;
      throw error;
    }
    const runtime: EmscriptenLinker = {
      instantiateWasm: (imports, receive) => {
        receive(new WebAssembly.Instance(compiled, imports), compiled);
        return {};
      },
    };
    await Parser.init(runtime);
    // Grammar.load takes bytes and passes them to the Emscripten linker, which itself accepts a
    // compiled module: stand-in bytes registered in compiledByStandIn are swapped for theirs.
    const link = runtime.loadWebAssemblyModule;
    if (typeof link === 'function') {
      runtime.loadWebAssemblyModule = (binary, ...rest) =>
        link.call(runtime, (binary instanceof Uint8Array && compiledByStandIn.get(binary)) || binary, ...rest);
      linksCompiled = true;
    }
    runtimeModule = runtime as { HEAPU8?: Uint8Array };
    directAccess = useDirectI32Access(runtime as object);
    reader = directReader(runtime as object, directAccess) ?? portableReader;
  })();
  return initialised;
}

/** This thread's runtime memory once initialised (the crash-recovery tests damage it on purpose). */
export function runtimeMemory(): Uint8Array | undefined {
  return runtimeModule?.HEAPU8;
}

/** How this thread's walks list a node's children (after `initParser`; the portable reader before). */
export function treeReader(): TreeReader {
  return reader;
}

/** Whether this thread's runtime got the direct i32 accessors (after `initParser`). */
export function runtimeUsesDirectAccess(): boolean {
  return directAccess;
}

/**
 * Where grammars.json lives: the `grammars/` folder at the repository root, found by walking up from
 * this module, so the same code works from `src/parsing` (tests) and `dist/parsing` (built).
 */
export function grammarsJsonPath(): string {
  if (manifest) return manifest.path;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'grammars', 'grammars.json');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new GrammarError(`grammars/grammars.json not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/** The grammar entries of grammars.json, read once. */
export function grammarManifest(): readonly GrammarEntry[] {
  if (!manifest) {
    const path = grammarsJsonPath();
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { grammars?: GrammarEntry[]; webTreeSitter?: unknown };
    if (!Array.isArray(parsed.grammars)) throw new GrammarError(`${path}: no "grammars" array`);
    manifest = { path, grammars: parsed.grammars, runtime: String(parsed.webTreeSitter ?? 'unknown') };
  }
  return manifest.grammars;
}

/** The web-tree-sitter version grammars.json pins (it runs every grammar, so it is part of what parses). */
export function grammarRuntimeVersion(): string {
  grammarManifest();
  return manifest!.runtime;
}

export function grammarEntry(language: Language): GrammarEntry {
  const entry = grammarManifest().find((g) => g.language === language);
  if (!entry) throw new GrammarError(`No grammar for language "${language}" in ${grammarsJsonPath()}`);
  return entry;
}

/**
 * Absolute path of an entry's wasm. Looks the package folder up along Node's module search path
 * rather than through `require.resolve`, because a package's `exports` map may hide its .wasm files.
 */
export function grammarFilePath(entry: GrammarEntry): string {
  const require = createRequire(import.meta.url);
  for (const nodeModules of require.resolve.paths(entry.package) ?? []) {
    const packageDir = join(nodeModules, entry.package);
    if (existsSync(join(packageDir, 'package.json'))) {
      const file = join(packageDir, entry.file);
      if (!existsSync(file)) {
        throw new GrammarError(`${entry.package} is installed at ${packageDir} but has no ${entry.file}`);
      }
      return file;
    }
  }
  throw new GrammarError(`Grammar package ${entry.package}@${entry.version} is not installed (needed for ${entry.language})`);
}

/** The grammar for `language`, loaded and verified on first use in this thread. */
export function loadGrammar(language: Language): Promise<Grammar> {
  let pending = grammars.get(language);
  if (!pending) {
    pending = loadVerified(language);
    grammars.set(language, pending);
    // A failed load is not kept: it may be this moment's state (memory, a file being replaced), and a
    // long-lived process (watch, MCP server) would otherwise never parse that language again.
    const failed = pending;
    failed.catch(() => {
      if (grammars.get(language) === failed) grammars.delete(language);
    });
  }
  return pending;
}

/** The grammar load under way in this thread, if any: the next one starts after it has settled. */
let linking: Promise<unknown> = Promise.resolve();

async function loadVerified(language: Language): Promise<Grammar> {
  if (!(LANGUAGES as readonly string[]).includes(language)) throw new GrammarError(`Unknown language "${language}"`);
  await initParser();
  // The compiled module is shared with every worker (compiled-modules.ts); without the linker hook,
  // this thread links the bytes itself.
  const grammar = linksCompiled
    ? await linkCompiledGrammar(await compiledGrammar(language))
    : await linkGrammar(await readVerifiedGrammar(grammarEntry(language)));
  loaded.add(language);
  return grammar;
}

/**
 * Links a grammar's wasm into this thread's runtime, after any link under way has settled. The
 * runtime links a grammar as a side module, and its linker keeps one table of symbols for all
 * modules: two links in flight at once see each other's half-linked symbols and fail ("bad export
 * type for 'NON_CONSUMING_CROSS_SEMI_CHARS'" linking Scala while Swift links), which once took every
 * Scala file of two index runs overlapping in one process.
 */
export async function linkGrammar(bytes: Uint8Array): Promise<Grammar> {
  await initParser();
  const grammar = linking.then(() => Grammar.load(bytes));
  linking = grammar.catch(() => undefined);
  return grammar;
}

/**
 * The process's compiled module for `language` (or tree-sitter's runtime), compiled by this thread on
 * first need from the verified wasm: what the pool hands to its workers.
 */
export function compiledGrammar(name: CompiledName): Promise<WebAssembly.Module> {
  if (name === 'runtime') return compiledModule('runtime', readRuntimeWasm);
  if (!(LANGUAGES as readonly string[]).includes(name)) return Promise.reject(new GrammarError(`Unknown language "${name}"`));
  return compiledModule(name, () => readVerifiedGrammar(grammarEntry(name)));
}

/** Links a compiled grammar into this thread's runtime (after any link under way, as `linkGrammar`). */
export async function linkCompiledGrammar(module: WebAssembly.Module): Promise<Grammar> {
  await initParser();
  if (!linksCompiled) throw new GrammarError('this tree-sitter runtime cannot link a compiled grammar');
  const standIn = new Uint8Array(0);
  compiledByStandIn.set(standIn, module);
  const grammar = linking.then(() => Grammar.load(standIn));
  linking = grammar.catch(() => undefined);
  return grammar;
}

/** The bytes of an entry's wasm, after checking them against its sha256. */
export async function readVerifiedGrammar(entry: GrammarEntry): Promise<Uint8Array> {
  const file = grammarFilePath(entry);
  const bytes = await readFile(file);
  const actual = sha256Hex(bytes);
  if (actual !== entry.sha256) {
    const installed = installedVersion(file, entry.file);
    throw new GrammarError(
      `sha256 mismatch for the ${entry.language} grammar ${file}: expected ${entry.sha256} ` +
        `(${entry.package}@${entry.version}), found ${actual}` +
        (installed ? ` (installed ${entry.package}@${installed})` : '') +
        '. Reinstall the pinned version, or re-measure and update grammars/grammars.json.',
    );
  }
  return bytes;
}

function installedVersion(file: string, relativeFile: string): string | undefined {
  try {
    const packageDir = file.slice(0, file.length - relativeFile.length);
    return (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** Languages whose grammar this thread has loaded, sorted. */
export function loadedGrammars(): string[] {
  return [...loaded].sort();
}

export interface ParseSourceOptions {
  /** Give up (and throw) when one parse takes longer than this. Default: no limit. */
  timeoutMs?: number;
}

/**
 * Parses `source` with this thread's parser for `language`. The caller owns the tree and must
 * `delete()` it. Throws when the grammar cannot be loaded or the parse is cancelled by the timeout.
 */
export async function parseSource(language: Language, source: string, options: ParseSourceOptions = {}): Promise<Tree> {
  const grammar = await loadGrammar(language);
  let parser = parsers.get(language);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(grammar);
    parsers.set(language, parser);
  }
  const deadline = options.timeoutMs === undefined ? undefined : performance.now() + options.timeoutMs;
  const tree = parser.parse(
    source,
    null,
    deadline === undefined ? undefined : { progressCallback: () => performance.now() > deadline },
  );
  if (!tree) {
    // A cancelled parse would otherwise resume on the next call.
    parser.reset();
    throw new GrammarError(`Parsing ${language} took longer than ${options.timeoutMs} ms`);
  }
  return tree;
}
