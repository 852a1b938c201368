/**
 * Top-level declarations by (language family, name), for the last-resort rule: a bare call
 * links to a declaration only when exactly one declaration of a fitting kind has that name.
 *
 * Only module-level declarations count: a method or a nested function cannot be reached by a
 * bare name from another file, so counting them would only manufacture ambiguity or, worse,
 * a wrong unique match.
 */
import type { Declaration, FileExtraction, ReferenceKind } from '../model/extraction.js';
import type { NodeKind } from '../model/graph-vocabulary.js';
import { PairMap } from '../support/pair-map.js';
import type { DeclarationRef } from './targets.js';

const KINDS_BY_SITE: Record<ReferenceKind, ReadonlySet<NodeKind>> = {
  calls: new Set(['function', 'class', 'component']),
  instantiates: new Set(['class', 'function']),
  extends: new Set(['class', 'interface', 'struct', 'trait', 'protocol']),
  implements: new Set(['interface', 'trait', 'protocol', 'class']),
  references: new Set(['function']),
};

// Variables are indexed only so that they make a shared name ambiguous; they are never targets.
const INDEXED_KINDS: ReadonlySet<NodeKind> = new Set([
  'function', 'class', 'component', 'interface', 'struct', 'trait', 'protocol', 'variable', 'constant', 'enum', 'type_alias',
]);

interface Entry {
  ref: DeclarationRef;
  kind: NodeKind;
  /** A prototype or `extern` declaration (`Declaration.definedElsewhere`). */
  definedElsewhere: boolean;
  /** Declared for a build that opts in (`Declaration.buildVariant`). */
  variant: boolean;
}

/**
 * A file's own top level, and a namespace a macro opens there (`Declaration.openedByMacro`) that no workspace
 * definition of the macro states to open a namespace: its members stay the workspace-wide names they were read as
 * without it. Where a definition opens one (`FMT_BEGIN_NAMESPACE` as `namespace fmt {`), they are that namespace's,
 * which a bare name outside it does not reach (a test's `printf` is the C library's, not `fmt::printf`).
 */
function atTopLevel(file: FileExtraction, decl: Declaration, opensNamespace: (macro: string) => boolean): boolean {
  if (decl.parent === null) return true;
  const parent = file.declarations[decl.parent];
  return parent.kind === 'namespace' && parent.openedByMacro === true && parent.parent === null && !opensNamespace(parent.name);
}

export class UniqueNameIndex {
  private readonly byName = new PairMap<string, string, Entry[]>();
  /** Files whose same-named definitions are preprocessor alternatives (their language's `definitionsAreAlternatives`). */
  private readonly alternativeFiles = new Set<string>();

  /** `macroOpensNamespace`: whether a workspace definition of a namespace-opening macro opens a namespace. */
  constructor(private readonly macroOpensNamespace: (macro: string) => boolean = () => false) {}

  /**
   * `fileLocal`: the language's rule for declarations visible in their own file only (a `static` function):
   * those are left out, since no other file can reach them by name.
   */
  add(family: string, file: FileExtraction, fileLocal?: (decl: Declaration, path: string, file: FileExtraction) => boolean, alternatives = false): void {
    if (alternatives) this.alternativeFiles.add(file.path);
    file.declarations.forEach((decl, localId) => {
      if (!atTopLevel(file, decl, this.macroOpensNamespace) || !INDEXED_KINDS.has(decl.kind) || decl.memberOf) return;
      if (fileLocal?.(decl, file.path, file)) return;
      const list = this.byName.get(family, decl.name);
      const entry: Entry = { ref: { file: file.path, localId }, kind: decl.kind, definedElsewhere: Boolean(decl.definedElsewhere), variant: decl.buildVariant !== undefined };
      if (list) list.push(entry);
      else this.byName.set(family, decl.name, [entry]);
    });
  }

  /**
   * Every declaration that a bare `name` of this site kind could mean. Overloads and merged
   * declarations in one file count once (they are one symbol).
   */
  /** The files declaring `name` at their top level without defining it (prototypes, `extern`s). */
  declaringFiles(family: string, name: string): string[] {
    return (this.byName.get(family, name) ?? []).filter((e) => e.definedElsewhere).map((e) => e.ref.file);
  }

  lookup(family: string, name: string, siteKind: ReferenceKind): DeclarationRef[] {
    const entries = this.byName.get(family, name);
    if (!entries) return [];
    const accepted = KINDS_BY_SITE[siteKind];
    // A file declaring the name several times (`#if defined(_WIN32)` … `#else` twins): where some are build variants,
    // the one declaration of the default build stands for the file, and two of them leave the name ambiguous.
    const perFile = (list: Entry[], definitions: boolean): DeclarationRef[] => {
      const byFile = new Map<string, Entry[]>();
      for (const entry of list) {
        const entries = byFile.get(entry.ref.file);
        if (entries) entries.push(entry);
        else byFile.set(entry.ref.file, [entry]);
      }
      return [...byFile.values()].flatMap((entries) => {
        const inDefault = entries.filter((e) => !e.variant);
        // Where no overloads exist, two definitions the default build may compile are `#if` alternatives the
        // file does not decide between: both stay, and the name is ambiguous (its prototypes repeat one declaration).
        if (definitions && inDefault.length > 1 && this.alternativeFiles.has(entries[0].ref.file)) return inDefault.map((e) => e.ref);
        if (inDefault.length === entries.length) return [entries[0].ref];
        return inDefault.length === 0 ? [entries[0].ref] : inDefault.map((e) => e.ref);
      });
    };
    // A prototype and its definition are one function: the definition is the name's target; with
    // several definitions (per-platform variants) or none, the one file that declares it stands for it.
    const fitting = entries.filter((e) => accepted.has(e.kind));
    let linkable = perFile(fitting.filter((e) => !e.definedElsewhere), true);
    if (linkable.length !== 1) {
      const declared = perFile(fitting.filter((e) => e.definedElsewhere), false);
      if (declared.length === 1 || linkable.length === 0) linkable = declared.length === 1 ? declared : [...linkable, ...declared];
    }
    // A same-named declaration of another kind in another file (a variable, a type) still makes
    // a single linkable candidate ambiguous; prototypes and `extern`s only declare what is defined elsewhere.
    if (linkable.length === 1) {
      return [...linkable, ...entries.filter((e) => e.ref.file !== linkable[0].file && !accepted.has(e.kind) && !e.definedElsewhere).map((e) => e.ref)];
    }
    return linkable;
  }

  /**
   * The definitions (no prototypes) of a top-level name of one of `kinds`, one per file; a file's `#if` alternatives
   * (`definitionsAreAlternatives`) all, its default build's where the others are build variants.
   */
  definitions(family: string, name: string, kinds: ReadonlySet<NodeKind>): DeclarationRef[] {
    const byFile = new Map<string, Entry[]>();
    for (const entry of this.byName.get(family, name) ?? []) {
      if (entry.definedElsewhere || !kinds.has(entry.kind)) continue;
      const list = byFile.get(entry.ref.file);
      if (list) list.push(entry);
      else byFile.set(entry.ref.file, [entry]);
    }
    return [...byFile.values()].flatMap((list) => {
      if (!this.alternativeFiles.has(list[0].ref.file)) return [list[0].ref];
      const inDefault = list.filter((e) => !e.variant);
      return inDefault.length === 0 ? [list[0].ref] : inDefault.map((e) => e.ref);
    });
  }
}
