/**
 * Build variants a language's build definition selects (`ImportResolver.builds`): a file of a variant the default
 * build compiles (Scala's `scala-2.13/` when the build's default version is 2.13) is resolved as a default-build
 * file, and a site never lands in a file no build compiles together with its own: a call from `scala-3/` that the
 * lookup answered with the default build's `scala-2/` twin means the twin its own build compiles (the declaration
 * of the same package, qualified name and kind — and parameters, among several), or nothing when there is not
 * exactly one; so does a call from `js/` that found the JVM's declaration where `js/` declares its own.
 */
import type { Declaration, FileExtraction } from '../model/extraction.js';
import type { ResolutionLanguage } from '../model/language-support.js';
import type { DeclarationRef, Resolution } from './targets.js';

type LanguageOf = (file: FileExtraction) => ResolutionLanguage | undefined;

/** `byPath` with the files of variants the default build compiles no longer marked as variants. */
export function markDefaultBuild(
  byPath: Map<string, FileExtraction>, languageOf: LanguageOf, replaced?: (original: FileExtraction, copy: FileExtraction) => void,
): void {
  for (const [path, file] of byPath) {
    if (file.buildVariant === undefined) continue;
    if (!languageOf(file)?.modules.builds?.compiledByDefault(path, file.buildVariant)) continue;
    const unmarked = { ...file, buildVariant: undefined };
    // What the caller holds for the original (its call sites, kept apart until it is resolved) goes with the copy resolved.
    replaced?.(file, unmarked);
    byPath.set(path, unmarked);
  }
}

/**
 * Of candidates declared in the files of several builds (`rep` attached to `P[T]` by an implicit class in `src-2/` and
 * by an extension in `src-3/`), those of the default build, when there are some: a twin of another build is no
 * overload of the default build's declaration. A caller in a variant gets its own build's twin afterwards
 * (`BuildVariants.withinOneBuild`).
 */
export function defaultBuildFirst(refs: DeclarationRef[], fileOf: (ref: DeclarationRef) => FileExtraction): DeclarationRef[] {
  if (refs.length < 2) return refs;
  const inDefault = refs.filter((ref) => fileOf(ref).buildVariant === undefined);
  return inDefault.length > 0 && inDefault.length < refs.length ? inDefault : refs;
}

export class BuildVariants {
  /** Declarations of files that belong to some build variant, by package, qualified name and kind (built on first use). */
  private twins?: Map<string, DeclarationRef[]>;

  constructor(private readonly byPath: ReadonlyMap<string, FileExtraction>, private readonly languageOf: LanguageOf) {}

  /**
   * The result, unless it lands in a file no build compiles with the caller's, or the caller is in a variant whose
   * build compiles a twin of the default build's declaration it found (`js/`'s `Runner` beside the JVM's
   * `Runner.java`): then the caller's build's twin, or ambiguous.
   */
  withinOneBuild(file: FileExtraction, result: Resolution): Resolution {
    if (!result.resolved || result.target.file === file.path) return result;
    const builds = this.languageOf(file)?.modules.builds;
    if (!builds) return result;
    const together = builds.compiledTogether(file.path, result.target.file);
    // A default-build caller, or a target of a variant the caller's build compiles: as found.
    if (together && (file.buildVariant === undefined || this.byPath.get(result.target.file)!.buildVariant !== undefined)) return result;
    const found = this.byPath.get(result.target.file)!.declarations[result.target.localId];
    const twins = this.twinsOf(this.byPath.get(result.target.file)!, found)
      .filter((ref) => ref.file !== result.target.file && this.byPath.get(ref.file)!.buildVariant !== undefined && builds.compiledTogether(file.path, ref.file));
    if (together && twins.length === 0) return result;
    const chosen = twins.length === 1 ? twins : twins.filter((ref) => sameParameters(this.byPath.get(ref.file)!.declarations[ref.localId], found));
    if (chosen.length === 1) return { ...result, target: chosen[0] };
    return { resolved: false, reason: 'ambiguous', candidates: [result.target, ...twins], likelyInternal: true };
  }

  /**
   * Declarations of the same package, qualified name and kind; for a member attached to a type from outside it
   * (`memberOf`: Scala 2's `implicit class Ops(p: P[T]) { def rep }` and Scala 3's `extension (p: P[T]) def rep`),
   * where none has its qualified name, those attached to the same type under the same name.
   */
  private twinsOf(file: FileExtraction, found: Declaration): DeclarationRef[] {
    const named = this.twinIndex().get(twinKey(file, found)) ?? [];
    if (named.length > 1 || found.memberOf === undefined) return named;
    return this.twinIndex().get(attachedKey(file, found)!) ?? named;
  }

  private twinIndex(): Map<string, DeclarationRef[]> {
    if (this.twins) return this.twins;
    this.twins = new Map();
    const add = (key: string, ref: DeclarationRef) => this.twins!.set(key, [...(this.twins!.get(key) ?? []), ref]);
    // Every language's files: a Scala.js twin of a Java class is a twin too.
    for (const file of this.byPath.values()) {
      file.declarations.forEach((declaration, localId) => {
        add(twinKey(file, declaration), { file: file.path, localId });
        const attached = attachedKey(file, declaration);
        if (attached !== undefined) add(attached, { file: file.path, localId });
      });
    }
    return this.twins;
  }
}

/** A callable attached to a named type from outside its body, keyed by package, that type's name and its own name. */
function attachedKey(file: FileExtraction, declaration: Declaration): string | undefined {
  const owner = declaration.memberOf;
  if (owner?.kind !== 'named' || KIND_GROUPS[declaration.kind] !== 'callable') return undefined;
  const packages = file.module?.packages ?? [];
  return `${packages.length > 0 ? packages[packages.length - 1].name : ''}\0attached\0${owner.chain[owner.chain.length - 1]}\0${declaration.name}`;
}

/** Kinds one type or callable takes in the languages of one family (a Java `interface` ported as a Scala `trait`). */
const KIND_GROUPS: Readonly<Record<string, string>> = { class: 'type', interface: 'type', trait: 'type', enum: 'type', struct: 'type', method: 'callable', function: 'callable' };

function twinKey(file: FileExtraction, declaration: Declaration): string {
  const packages = file.module?.packages ?? [];
  return `${packages.length > 0 ? packages[packages.length - 1].name : ''}\0${declaration.qualifiedName}\0${KIND_GROUPS[declaration.kind] ?? declaration.kind}`;
}

/** Whether two declarations state the same parameter types (twins of one function, an override of an abstract one). */
export function sameParameters(a: Declaration, b: Declaration): boolean {
  return JSON.stringify(a.parameterTypes ?? null) === JSON.stringify(b.parameterTypes ?? null);
}
