/**
 * Extraction of one file: bytes in, FileExtraction out. Pure in (path, content): the same
 * bytes always give the same result, so results may be computed on any worker or cached by
 * content hash. A broken file degrades to fewer declarations plus a recorded error; it never
 * throws.
 *
 * Two kinds of failure are the runtime's, not only the file's (parsing/runtime-crash.ts): a
 * WebAssembly trap, after which the file is recorded as one the parser crashed on, and a stack
 * overflow (nesting thousands deep), after which the file is extracted again with its too-deep
 * parts blanked out, so what precedes and follows them is kept. Either is noted for the thread
 * that ran it (`takeRuntimeDamage`), which is then retired.
 */
import type { Tree } from 'web-tree-sitter';
import type { ExtractionError, FileExtraction } from '../model/extraction.js';
import type { Language } from '../model/graph-vocabulary.js';
import { extractorFor, sourceLanguageOf } from '../languages/language-table.js';
import { parseSource } from '../parsing/grammar-loader.js';
import { noteRuntimeDamage, noteRuntimeError, takeRuntimeDamage, worseDamage, type RuntimeDamage } from '../parsing/runtime-crash.js';
import { countLines } from './core/line-count.js';
import { decodeSource } from './decode-source.js';
import { withoutDeepNesting } from './deep-nesting.js';

/**
 * Nesting depths (syntax-tree levels) tried, in turn, when extraction runs out of stack: deeper
 * than any hand-written code nests (the deepest file of vuejs/core, gson and mypy is far below
 * the first), shallow enough that every extractor's walk fits the stack.
 */
const NESTING_LIMITS = [400, 100] as const;

export async function extractFile(path: string, pathLanguage: Language, bytes: Uint8Array): Promise<FileExtraction> {
  const { text, problems } = decodeSource(bytes);
  // The extension names the language, except where the text shows otherwise (a C++ header named `.h`).
  const language = await sourceLanguageOf(path, pathLanguage, text);
  const lineCount = countLines(text);
  const empty = (errors: ExtractionError[]): FileExtraction => ({
    path, language, lineCount, declarations: [], imports: [], exports: [], references: [], errors,
  });

  const extractor = await extractorFor(language);
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

  const first = await attempt(text);
  let { result, damage } = first;
  for (const limit of NESTING_LIMITS) {
    if (damage !== 'stack-overflow') break;
    // Nesting thousands deep ran the stack out: keep what precedes and follows the deep part.
    const shallow = await shallowText(language, text, limit);
    if (shallow === undefined) break;
    const again = await attempt(shallow.text);
    result = again.result;
    result.errors.push({
      message: `nesting deeper than ${limit} syntax levels was left out (${shallow.regions} region${shallow.regions === 1 ? '' : 's'}, from line ${shallow.firstLine})`,
      line: shallow.firstLine,
      severity: 'error',
      code: 'nesting-too-deep',
    });
    damage = again.damage;
  }
  // The thread learns of any damage of any attempt (the first one's overflow included).
  noteRuntimeDamage(worseDamage(first.damage, damage));
  return result;
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
