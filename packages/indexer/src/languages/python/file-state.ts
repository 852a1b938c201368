/**
 * What Python's rules record while the shared walk runs over one file (and over the pieces of it
 * re-parsed after a syntax error), and the walk context they pass down.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, FileExtraction, ImportBinding, ReferenceKind } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import { DeclarationBuilder, type BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { FileFacts, type FunctionResults, type SiteTarget } from '../../extraction/core/file-facts.js';
import type { Scope } from '../../extraction/core/scopes.js';
import type { Walk, WalkContext } from '../../extraction/core/syntax-walk.js';
import { flatText, truncate } from './syntax-text.js';

export interface PythonContext extends WalkContext {
  file: PythonFile;
  /** `parent` of declarations made here. */
  parentDecl: number | null;
  /** `enclosing` of reference sites made here. */
  enclosing: number | null;
  /** Inside `if TYPE_CHECKING:`. */
  typeOnly: boolean;
  /** In a method's own body: the name of its instance parameter and the class it belongs to. */
  self: { name: string; owner: number } | null;
  /** In a function's own body: what its `return` and `yield` statements give. */
  fn: FunctionResults | null;
}

/** Test modules, where pytest passes fixtures to tests by parameter name. */
const TEST_MODULE = /(?:^|\/)(?:test_[^/]*|[^/]*_test|conftest)\.py$/;
const UPPER_CASE = /^_*[A-Z][A-Z0-9_]*$/;

export class PythonFile {
  readonly builder = new DeclarationBuilder();
  readonly facts = new FileFacts(this.builder);
  readonly testModule: boolean;
  /** The module's `__all__`, when it states one (see `noteAll` in syntax.ts). */
  starExports: string[] | 'dynamic' | undefined;
  /** Per container (parent local id, -1 for the file): names already declared as data or defs. */
  private readonly containerNames = new Map<number, Map<string, number | 'definition'>>();

  /** Text of the file (or of a re-parsed piece of it) being walked, and the row it starts at. */
  source = '';
  rowOffset = 0;
  lineStarts: number[] | null = null;
  /** Text swallowed by an ERROR node from a visible restart point, to parse again on its own. */
  readonly recoveries: Array<{ text: string; rowOffset: number }> = [];

  constructor(path: string) {
    this.testModule = TEST_MODULE.test(path);
  }

  /** Starts walking a tree: the file, or a piece of it whose rows start at `rowOffset`. */
  startPiece(source: string, rowOffset: number): void {
    this.source = source;
    this.rowOffset = rowOffset;
    this.builder.lineOffset = rowOffset;
    this.lineStarts = null;
  }

  finish(): BuiltExtraction & Pick<FileExtraction, 'starExports'> {
    const finished = this.builder.finish(this.facts.finish());
    return this.starExports === undefined ? finished : { ...finished, starExports: this.starExports };
  }

  addSite(kind: ReferenceKind, target: SiteTarget, enclosing: number | null, scope: Scope, at: SyntaxNode): void {
    this.facts.addSite(kind, target, enclosing, at, scope);
  }

  addImport(specifier: string, bindings: ImportBinding[], node: SyntaxNode, signature: string, ctx: PythonContext): void {
    this.builder.addImport(specifier, ctx.parentDecl, node, signature, bindings, { typeOnly: ctx.typeOnly });
    if (ctx.scope.kind !== 'module') {
      for (const binding of bindings) if (binding.local !== '*') ctx.scope.bind(binding.local, 'import');
    }
  }

  bindDefinition(name: string, id: number, ctx: PythonContext): void {
    ctx.scope.bind(name, 'definition', id);
    this.namesOf(ctx.parentDecl).set(name, 'definition');
  }

  /** Module variable / class attribute, once per name and container; a def of that name wins. */
  addDataDeclaration(name: string, statement: SyntaxNode, ctx: PythonContext): number | undefined {
    const names = this.namesOf(ctx.parentDecl);
    const existing = names.get(name);
    if (existing !== undefined) return existing === 'definition' ? undefined : existing;
    const kind: NodeKind = UPPER_CASE.test(name) ? 'constant' : ctx.scope.kind === 'class' ? 'field' : 'variable';
    const id = this.builder.declare(kind, name, ctx.parentDecl, statement, {
      signature: truncate(flatText(statement)),
      ...visibilityFields(name, ctx),
    });
    names.set(name, id);
    return id;
  }

  /**
   * A module-level variable assigned `chain` (a plain dotted name, else null): while every assignment of the
   * module is that one, the variable is a second name for what the chain names (`aliasOf`) and a call of it runs
   * that, never the variable. Assigned again, it holds whatever ran last: the variable is plain data again.
   */
  noteModuleValue(id: number, chain: string[] | null): void {
    const declaration = this.builder.declarations[id];
    if (this.moduleValues.has(id)) {
      delete declaration.aliasOf;
      delete declaration.callsRunHeldValue;
      return;
    }
    this.moduleValues.add(id);
    if (chain) Object.assign(declaration, { aliasOf: chain, callsRunHeldValue: true });
  }

  private readonly moduleValues = new Set<number>();

  private namesOf(container: number | null): Map<string, number | 'definition'> {
    const key = container ?? -1;
    let names = this.containerNames.get(key);
    if (!names) {
      names = new Map();
      this.containerNames.set(key, names);
    }
    return names;
  }
}

/**
 * Python has no access modifiers; naming conventions stand in: dunder names are public,
 * `__x` is private (name-mangled), `_x` is protected in a class and private in a module.
 * Only module-level names not starting with `_` count as exported. Names local to a function
 * get neither.
 */
export function visibilityFields(name: string, ctx: PythonContext): Pick<Declaration, 'visibility' | 'isExported'> {
  if (ctx.scope.kind !== 'module' && ctx.scope.kind !== 'class') return {};
  const inClass = ctx.scope.kind === 'class';
  let visibility: Declaration['visibility'] = 'public';
  const dunder = name.length > 4 && name.startsWith('__') && name.endsWith('__');
  if (!dunder && name.startsWith('__')) visibility = 'private';
  else if (!dunder && name.startsWith('_')) visibility = inClass ? 'protected' : 'private';
  return inClass ? { visibility } : { visibility, isExported: !name.startsWith('_') || undefined };
}

export type PythonWalk = Walk<PythonContext>;
