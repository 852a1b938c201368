/**
 * Extraction of one file: bytes in, FileExtraction out. Pure in (path, content): the same
 * bytes always give the same result, so results may be computed on any worker or cached by
 * content hash. A broken file degrades to fewer declarations plus a recorded error; it never
 * throws. `languages` (src/languages/) says which extractor serves a language: extraction names none.
 *
 * Two kinds of failure are the runtime's, not only the file's (parsing/runtime-crash.ts): a
 * WebAssembly trap, after which the file is recorded as one the parser crashed on, and a stack
 * overflow (nesting thousands deep), after which the file is extracted again with its too-deep
 * parts blanked out, so what precedes and follows them is kept. Either is noted for the thread
 * that ran it (`takeRuntimeDamage`), which is then retired.
 *
 * A file with syntax errors is checked for the declarations they cost it (lost-declarations.ts): the
 * count, or that it is unknown, is recorded with the file's errors.
 */
import type { Tree } from 'web-tree-sitter';
import type { ExtractionError, FileExtraction } from '../model/extraction.js';
import type { Language } from '../model/graph-vocabulary.js';
import type { ExtractionLanguages } from '../model/extraction-languages.js';
import { parseSource } from '../parsing/grammar-loader.js';
import { noteRuntimeDamage, noteRuntimeError, takeRuntimeDamage, worseDamage, type RuntimeDamage } from '../parsing/runtime-crash.js';
import { countLines } from './core/line-count.js';
import { decodeSource } from './decode-source.js';
import { withoutDeepNesting } from './deep-nesting.js';
import { lossRecord, lostDeclarations, type LossCheck } from './lost-declarations.js';

/**
 * Nesting depths (syntax-tree levels) tried, in turn, when extraction runs out of stack: deeper
 * than any hand-written code nests (the deepest file of vuejs/core, gson and mypy is far below
 * the first), shallow enough that every extractor's walk fits the stack.
 */
const NESTING_LIMITS = [400, 100] as const;
/** Brackets nested deeper than this: the text is made shallow before it is extracted at all (no hand-written code comes near). */
const DEEP_BRACKETS = 256;

export async function extractFile(
  path: string,
  pathLanguage: Language,
  bytes: Uint8Array,
  languages: ExtractionLanguages,
): Promise<FileExtraction> {
  const { text, problems } = decodeSource(bytes);
  // The extension names the language, except where the text shows otherwise (a C++ header named `.h`).
  const language = await languages.sourceLanguageOf(path, pathLanguage, text);
  const lineCount = countLines(text);
  const empty = (errors: ExtractionError[]): FileExtraction => ({
    path, language, lineCount, declarations: [], imports: [], exports: [], references: [], errors,
  });

  const extractor = await languages.extractorFor(language);
  if (!extractor) return empty([...problems, { message: `no extractor for ${language}`, severity: 'warning' }]);

  /** One parse and extraction of `source`, and whether it damaged the runtime (noted, not only returned). */
  const attempt = async (source: string): Promise<{ result: FileExtraction; damage: RuntimeDamage | undefined }> => {
    takeRuntimeDamage();
    let tree: Tree | null;
    try {
      tree = await parseSource(language, source);
    } catch (error) {
      const damage = noteRuntimeError(error);
      return { result: empty([...problems, failure('parse-failed', damage, `parse failed: ${describe(error)}`)]), damage: takeRuntimeDamage() };
    }
    if (!tree) return { result: empty([...problems, { message: 'parse failed: the parser returned no tree', severity: 'error', code: 'parse-failed' }]), damage: takeRuntimeDamage() };
    let result: FileExtraction;
    try {
      result = extractor.extract({ path, language, source, tree });
      result.lineCount = lineCount;
      // A file the language's repair read in full (valid code the grammar misread) lists no syntax error.
      if (result.errors.some((e) => e.code === 'syntax-error')) await countLosses(result, tree, source);
      result.errors = [...problems, ...result.errors];
    } catch (error) {
      // An extractor bug on one file must not lose the rest of the run: keep the file node.
      const damage = noteRuntimeError(error);
      result = empty([...problems, failure('extraction-failed', damage, `extraction failed: ${describe(error)}`)]);
    }
    const damage = takeRuntimeDamage();
    try {
      // A trap while walking left the tree's memory untrustworthy: it is not handed back to the runtime.
      if (damage !== 'trap') tree.delete();
    } catch (error) {
      return { result, damage: worseDamage(damage, noteRuntimeError(error) ?? 'trap') };
    }
    if (damage === 'trap' && !result.errors.some((e) => e.code === 'parse-failed' || e.code === 'extraction-failed')) {
      result = empty([...problems, failure('parse-failed', 'trap', 'the parser crashed on this file')]);
    }
    return { result, damage };
  };

  /** Records what the file's syntax errors cost it (lost-declarations.ts). */
  const countLosses = async (result: FileExtraction, tree: Tree, source: string): Promise<void> => {
    let check: LossCheck;
    try {
      check = await lostDeclarations(tree, source, result, {
        parse: (text) => parseSource(language, text),
        extract: (text, blanked) => extractor.extract({ path, language, source: text, tree: blanked }),
      });
    } catch (error) {
      // The file's own extraction stands; only the count is unknown.
      noteRuntimeError(error);
      check = { unchecked: `the check failed: ${describe(error)}` };
    }
    const record = lossRecord(check);
    if (record) result.errors.push(record);
    if ('lost' in check && check.lost.length > 0) result.declarationsLost = check.lost.length;
  };

  // Text nested deeper than any extractor's walk can follow on every thread is made shallow up
  // front: whether the stack runs out depends on the thread (a worker's stack is larger than the
  // main thread's), and the result must not.
  let result: FileExtraction | undefined;
  let damage: RuntimeDamage | undefined;
  let seen: RuntimeDamage | undefined;
  let tooDeep = bracketDepth(text) > DEEP_BRACKETS;
  if (!tooDeep) {
    ({ result, damage } = await attempt(text));
    seen = damage;
    tooDeep = damage === 'stack-overflow';
  }
  for (const limit of NESTING_LIMITS) {
    if (!tooDeep) break;
    // Keep what precedes and follows the deep part.
    const shallow = await shallowText(language, text, limit);
    if (shallow === undefined) break;
    ({ result, damage } = await attempt(shallow.text));
    seen = worseDamage(seen, damage);
    result.errors.push({
      message: `nesting deeper than ${limit} syntax levels was left out (${shallow.regions} region${shallow.regions === 1 ? '' : 's'}, from line ${shallow.firstLine})`,
      line: shallow.firstLine,
      severity: 'error',
      code: 'nesting-too-deep',
    });
    tooDeep = damage === 'stack-overflow';
  }
  // Deep brackets, but no syntax that deep: the text as it is.
  if (result === undefined) {
    ({ result, damage } = await attempt(text));
    seen = worseDamage(seen, damage);
  }
  // The thread learns of the damage of every attempt (a first one's overflow included).
  noteRuntimeDamage(seen);
  return result;
}

/** How deep brackets nest in `text` (strings and comments counted too: it only decides whether to look closer). */
function bracketDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // ( [ {  and  ) ] }
    if (c === 40 || c === 91 || c === 123) {
      if (++depth > deepest) deepest = depth;
    } else if ((c === 41 || c === 93 || c === 125) && depth > 0) {
      depth--;
    }
  }
  return deepest;
}

/** `text` with the parts nested deeper than `limit` blanked (lines and columns kept), or undefined when it cannot be parsed. */
async function shallowText(language: Language, text: string, limit: number): Promise<ReturnType<typeof withoutDeepNesting>> {
  let tree: Tree | null;
  try {
    tree = await parseSource(language, text);
  } catch (error) {
    noteRuntimeError(error);
    return undefined;
  }
  try {
    return withoutDeepNesting(tree, text, limit);
  } catch (error) {
    noteRuntimeError(error);
    return undefined;
  } finally {
    try {
      tree.delete();
    } catch (error) {
      noteRuntimeError(error);
    }
  }
}

function failure(code: string, damage: RuntimeDamage | undefined, message: string): ExtractionError {
  return { message: damage === 'trap' ? `the parser crashed on this file (${message})` : message, severity: 'error', code };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
