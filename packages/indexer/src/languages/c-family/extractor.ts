/**
 * C and C++ extraction: the shared walk runs the language's rules (`c-syntax.ts`, `cpp-syntax.ts`)
 * over the file once. A syntax error (often a macro the grammar cannot read) loses only the broken
 * region: the walk goes through ERROR nodes like any other, and the names those regions hold are
 * listed (`namesInSyntaxErrors`) so that only they lose the workspace-wide name rule.
 */
import type { Node as SyntaxNode, Tree } from 'web-tree-sitter';
import type { FileExtraction } from '../../model/extraction.js';
import type { Language } from '../../model/graph-vocabulary.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { assembleExtraction } from '../../extraction/core/file-extraction.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import { C_SYNTAX } from './c-syntax.js';
import { repairBraceMacros } from './brace-macro-repair.js';
import { repairClassHeads } from './class-head-repair.js';
import { CPP_SYNTAX } from './cpp-syntax.js';
import { repairSpecifierMacros } from './specifier-macro-repair.js';
import { CFile, isHeaderPath, type CContext } from './file-state.js';
import type { Declaration, ReferenceSite } from '../../model/extraction.js';
import { C_SCOPES } from './scopes.js';
import { findMacroNamespaces, opensMacroNamespace, type MacroNamespace } from './namespace-macros.js';

function cFamilyExtractor(syntax: SyntaxRules<CContext>, label: string, repair?: typeof repairClassHeads): LanguageExtractor {
  return {
    extract(input: ExtractInput): FileExtraction {
      const file = new CFile(input.path);
      let repaired: ReturnType<typeof repairClassHeads>;
      let macroNamespaces: ReturnType<typeof findMacroNamespaces>;
      try {
        return assembleExtraction(input, {
          label,
          walk(syntaxErrors) {
            repaired = repair?.(input.tree, input.source);
            macroNamespaces = label === 'C++' ? findMacroNamespaces(input.source, repaired?.tree ?? input.tree, repaired?.source ?? input.source) : undefined;
            const tree = macroNamespaces?.tree ?? repaired?.tree ?? input.tree;
            syntaxErrors.collect(tree.rootNode, macroNamespaces?.source ?? repaired?.source ?? input.source);
            const ctx: CContext = { file, scope: Scope.file(C_SCOPES, 'file'), parentDecl: null, enclosing: null };
            if (macroNamespaces) walkInMacroNamespaces(syntax, tree.rootNode, ctx, macroNamespaces.regions);
            else walkSyntax(syntax, tree.rootNode, ctx);
          },
          // A failed walk may have lost any name: then none is listed (the file gets no name-only link).
          finish: (failed) => {
            const finished = file.finish();
            if (label === 'C++') forgetTypesBeforeLaterOverloads(finished);
            return { ...finished, ...(failed ? {} : { namesInSyntaxErrors: [...file.namesInErrors].sort() }) };
          },
        });
      } finally {
        repaired?.tree.delete();
        macroNamespaces?.tree?.delete();
      }
    },
  };
}

/**
 * A free function's overload declared below a call is not visible to it (C++ looks a name up where it is called:
 * `DieWithMessage("x")` above `DieWithMessage(const char*)` calls `DieWithMessage(const std::string&)`). Where the
 * file declares an overload of a bare call's name below it, the call's argument types are not weighed: the count is.
 */
function forgetTypesBeforeLaterOverloads(extraction: { declarations: Declaration[]; references: ReferenceSite[] }): void {
  const functions = new Map<string, number[]>();
  for (const d of extraction.declarations) {
    if (d.kind === 'function' && !d.memberOf) functions.set(d.name, [...(functions.get(d.name) ?? []), d.startLine]);
  }
  for (const site of extraction.references) {
    const lines = site.kind === 'calls' && site.receiver?.length === 0 && site.argumentTypes ? functions.get(site.name) : undefined;
    if (lines && lines.length > 1 && lines.some((line) => line > site.line)) {
      site.argumentTypes = site.argumentTypes!.map(() => null);
      delete site.argumentDeclaredRefs;
    }
  }
}

/**
 * The file's top-level nodes, each walked inside the macro-opened namespace around it (namespace-macros.ts): a
 * namespace declaration named by the macro, spanning its opening and closing lines, nested as the regions nest.
 */
function walkInMacroNamespaces(syntax: SyntaxRules<CContext>, root: SyntaxNode, ctx: CContext, regions: MacroNamespace[]): void {
  const ids: number[] = [];
  regions.forEach((region, i) => {
    // Sorted by start: the region holding this one that starts last is the innermost.
    let around = -1;
    for (let j = 0; j < i; j++) if (regions[j].startRow < region.startRow && regions[j].endRow > region.endRow) around = j;
    const at = { startPosition: { row: region.startRow, column: 0 }, endPosition: { row: region.endRow, column: region.endColumn } };
    ids.push(ctx.file.builder.declare('namespace', region.macro, around >= 0 ? ids[around] : null, at, {
      signature: region.macro, isExported: true, openedByMacro: true,
    }));
  });
  const place = (node: SyntaxNode): void => {
    // A conditional block a region's line is in (an include guard around the whole header): its parts, one by one.
    if (PREPROC_BLOCKS.has(node.type) && regions.some((r) => [r.startRow, r.endRow].some((row) => row > node.startPosition.row && row < node.endPosition.row))) {
      for (const child of node.children) if (child) place(child);
      return;
    }
    // The innermost region the node starts in (a broken parse may run a node past the region's end).
    let inside = -1;
    regions.forEach((region, i) => {
      if (region.startRow < node.startPosition.row && region.endRow > node.startPosition.row && (inside < 0 || region.startRow > regions[inside].startRow)) inside = i;
    });
    // A header the grammar reads as one syntax error (walked whole: its recovery needs the whole): the outermost region
    // covering most of it.
    if (inside < 0 && node.type === 'ERROR') inside = regions.findIndex((region) => overlap(region, node) * 2 > node.endPosition.row - node.startPosition.row + 1);
    walkSyntax(syntax, node, inside >= 0 ? { ...ctx, parentDecl: ids[inside] } : ctx);
  };
  for (const child of root.children) if (child) place(child);
}

/** How many rows a region and a node share. */
function overlap(region: MacroNamespace, node: SyntaxNode): number {
  return Math.max(0, Math.min(region.endRow, node.endPosition.row) - Math.max(region.startRow, node.startPosition.row) + 1);
}

const PREPROC_BLOCKS = new Set(['preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef']);

export const cExtractor = cFamilyExtractor(C_SYNTAX, 'C', repairBraceMacros);
// C++ alone: export macros in class heads (`class API Name {`) are a C++ library habit.
export const cppExtractor = cFamilyExtractor(CPP_SYNTAX, 'C++', repairCppMacros);

/**
 * C++'s macro repairs, in turn: the file's own block-opening macros (as C's), export macros in class heads, then attribute/specifier macros in front
 * of declarations (`CLI11_NODISCARD CLI11_INLINE App *App::get() const`) and pragma-like macros between
 * them. Each keeps positions. A repair can uncover the next break (a header read as one ERROR shows its
 * class heads only once its pragma macros are blanked), so the pair runs again while it changes the tree.
 */
const REPAIR_ROUNDS = 3;

function repairCppMacros(tree: Tree, source: string): { tree: Tree; source: string } | undefined {
  let result = repairBraceMacros(tree, source);
  for (let round = 0; round < REPAIR_ROUNDS; round++) {
    const current = result ?? { tree, source };
    const heads = repairClassHeads(current.tree, current.source);
    const specifiers = repairSpecifierMacros(heads?.tree ?? current.tree, heads?.source ?? current.source);
    if (specifiers) heads?.tree.delete();
    const next = specifiers ?? heads;
    if (!next) break;
    result?.tree.delete();
    result = next;
  }
  return result;
}

/**
 * A `.h` file is C by its extension, but C++ projects name their headers `.h` too: read with the C
 * grammar, a class body turns into bogus top-level functions. A header whose text is C++ is
 * therefore parsed and extracted as C++ (`LanguageTableEntry.sourceLanguage`).
 */
export function cHeaderLanguage(path: string, language: Language, source: string): Language {
  return language === 'c' && isHeaderPath(path) && looksLikeCpp(source) ? 'cpp' : language;
}

/**
 * Whether a header's text is C++: a line that opens with syntax C does not have (`namespace x {`,
 * `template <`, `class X {` / `class X;`, an access label, `using namespace`). `extern "C"` blocks
 * under `#ifdef __cplusplus` are C headers made includable from C++, and stay C. A line opening a namespace by a macro
 * (`FMT_BEGIN_NAMESPACE`, namespace-macros.ts) is C++ too.
 */
export function looksLikeCpp(source: string): boolean {
  return opensMacroNamespace(source) || /^[ \t]*(?:namespace(?:[ \t]+[\w:]+)?[ \t]*\{|template[ \t]*<|class[ \t]+\w+[^;()=]*(?:\{|;|$)|(?:public|private|protected)[ \t]*:(?!:)|using[ \t]+namespace\b)/m.test(source);
}
