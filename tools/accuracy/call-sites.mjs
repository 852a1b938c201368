// Every call site of a file, from its syntax tree alone (the pinned tree-sitter grammars, through this checkout's
// indexer build), independently of arbor's extraction and resolution: the population judged corpora draw from.
// A site: 1-based line and column of the call's first character, the line of its callee's name (`a\n  .b()`),
// the callee's name token, and how many sites share its line.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(REPO_ROOT, 'packages/indexer/dist');

// The syntax nodes that are calls, per language (node type names of the pinned grammars). Constructions
// (`new C()`) count: a graph links them too. Dart has no call node: a call is an `argument_part` selector.
export const CALL_NODES = {
  typescript: ['call_expression', 'new_expression'],
  tsx: ['call_expression', 'new_expression'],
  javascript: ['call_expression', 'new_expression'],
  jsx: ['call_expression', 'new_expression'],
  python: ['call'],
  go: ['call_expression'],
  java: ['method_invocation', 'object_creation_expression', 'explicit_constructor_invocation'],
  c: ['call_expression'],
  cpp: ['call_expression', 'new_expression'],
  csharp: ['invocation_expression', 'object_creation_expression', 'implicit_object_creation_expression'],
  php: ['function_call_expression', 'member_call_expression', 'nullsafe_member_call_expression', 'scoped_call_expression',
    'object_creation_expression'],
  rust: ['call_expression', 'macro_invocation'],
  ruby: ['call'],
  zig: ['call_expression'],
  kotlin: ['call_expression', 'constructor_invocation', 'constructor_delegation_call'],
  swift: ['call_expression'],
  dart: ['argument_part', 'new_expression', 'constructor_invocation'],
  scala: ['call_expression', 'instance_expression'],
};
// `--language typescript` covers .tsx, `javascript` covers .jsx: one corpus per language family.
export const FAMILY = { tsx: 'typescript', jsx: 'javascript' };
export const familyOf = (language) => FAMILY[language] ?? language;
/**
 * The dialect a file of a family is written in, by its extension as discovery tells them (.tsx, .jsx): each is
 * one of the 18 languages too, reported on its own beside its family. undefined for the family's own files.
 */
export const dialectOfFile = (file) => Object.keys(FAMILY).find((dialect) => file.endsWith(`.${dialect}`));

let indexer;
/** This checkout's built indexer: discovery, the language a file's text shows, the grammars. */
export async function loadIndexer() {
  if (!indexer) {
    const load = (p) => import(pathToFileURL(path.join(DIST, p)).href);
    try {
      // The language list is languages/index.js since one descriptor per language; a checkout built before that has language-table.js.
      const languagesModule = fs.existsSync(path.join(DIST, 'languages', 'index.js')) ? 'languages/index.js' : 'languages/language-table.js';
      const [main, grammars, table] = await Promise.all([load('index.js'), load('parsing/grammar-loader.js'), load(languagesModule)]);
      await grammars.initParser();
      const sourceLanguageOf = table.extractionLanguages?.sourceLanguageOf ?? table.sourceLanguageOf;
      indexer = { discoverFiles: main.discoverFiles, parseSource: grammars.parseSource, sourceLanguageOf };
    } catch (e) {
      throw new Error(`cannot load the indexer build (run npm run build first): ${e.message}`);
    }
  }
  return indexer;
}

const IDENTIFIER = /identifier|name$|^constant$|^property_identifier$|^field_identifier$|^simple_identifier$/;

// Parts of a callee expression that never hold its name: `f(x)()`, `a[i]()`, `(lambda: 1)()`.
const NAMELESS = /argument|string|parameter|lambda|closure|block|subscript|index|literal/;
const ALL_CALL_NODES = () => new Set(Object.values(CALL_NODES).flat());

/** The callee's name token: the last identifier-like token of the callee expression; none for a called call. */
function calleeNameOf(callee) {
  if (!callee || ALL_CALL_NODES().has(callee.type)) return null;
  let found = null;
  const visit = (n) => {
    if (NAMELESS.test(n.type) || (n !== callee && ALL_CALL_NODES().has(n.type))) return;
    if (n.childCount === 0 && (IDENTIFIER.test(n.type) || /^[A-Za-z_$][\w$]*!?$/.test(n.text))) found = n;
    for (let i = 0; i < n.childCount; i++) visit(n.child(i));
  };
  visit(callee);
  return found;
}

/** The part of a call node that names what is called: everything before its arguments. */
function calleeOf(node) {
  // Kotlin `a.f(x) { }`: the grammar wraps the call `a.f(x)` in one more call node adding the trailing lambda. It is
  // one call of `f`: the wrapper's callee is the inner call's, never the inner call itself (nor a call inside its receiver).
  if (node.type === 'call_expression' && node.namedChildCount === 2 && node.namedChild(1).type === 'annotated_lambda'
    && node.namedChild(0).type === 'call_expression') return calleeOf(node.namedChild(0));
  if (node.type === 'argument_part') {
    // Dart: `a.b(c)` is `a`, selector(`.b`), selector(argument_part); the callee precedes this selector.
    return node.parent?.previousSibling ?? null;
  }
  for (const field of ['function', 'method', 'name', 'constructor', 'macro', 'type']) {
    const child = node.childForFieldName?.(field);
    if (child) return child;
  }
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (/argument|call_suffix|value_arguments/.test(child.type)) return i > 0 ? node.child(i - 1) : null;
  }
  return node.namedChildCount ? node.namedChild(0) : null;
}

function dartChainStart(selector) {
  let first = selector;
  while (first.previousSibling && /selector/.test(first.previousSibling.type)) first = first.previousSibling;
  return first.previousSibling ?? first;
}

/**
 * The call sites of one file's text.
 * @returns {{ line: number, column: number, nameLine: number, callee: string|null }[]}
 */
export async function callSitesOf(language, text) {
  const { parseSource } = await loadIndexer();
  const types = new Set(CALL_NODES[language] ?? []);
  if (!types.size) throw new Error(`no call nodes known for ${language}`);
  const tree = await parseSource(language, text);
  const sites = [];
  try {
    const stack = [tree.rootNode];
    while (stack.length) {
      const node = stack.pop();
      if (types.has(node.type) && (node.type !== 'argument_part' || node.parent?.type === 'selector')) {
        const callee = calleeOf(node);
        const name = calleeNameOf(callee);
        // A Dart call starts where its receiver chain does (before its selectors), as other grammars' call nodes span it.
        const start = node.type === 'argument_part' ? dartChainStart(node.parent).startPosition : node.startPosition;
        sites.push({
          line: start.row + 1,
          column: start.column + 1,
          nameLine: (name ?? callee ?? node).startPosition.row + 1,
          callee: name ? name.text : null,
        });
      }
      for (let i = node.childCount - 1; i >= 0; i--) stack.push(node.child(i));
    }
  } finally {
    tree.delete();
  }
  sites.sort((a, b) => a.line - b.line || a.column - b.column);
  const perLine = new Map();
  for (const s of sites) perLine.set(s.line, (perLine.get(s.line) ?? 0) + 1);
  for (const s of sites) s.sitesOnLine = perLine.get(s.line);
  return sites;
}

/**
 * The repository's files of a language family, as arbor's discovery finds them, with the language their text
 * shows (a C++ header named .h).
 */
/** The files of `wanted`: a family (typescript: .ts and .tsx) or one dialect of it (tsx: .tsx only). */
export async function filesOf(root, wanted) {
  const { discoverFiles, sourceLanguageOf } = await loadIndexer();
  const { files } = await discoverFiles(root);
  const fs = await import('node:fs');
  const out = [];
  for (const f of files) {
    const text = fs.readFileSync(f.absolutePath, 'utf8');
    const language = await sourceLanguageOf(f.path, f.language, text);
    const matches = FAMILY[wanted] ? language === wanted : familyOf(language) === wanted;
    if (matches && CALL_NODES[language]) out.push({ path: f.path, language, text });
  }
  return out;
}
