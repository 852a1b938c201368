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
export function markDefaultBuild(byPath: Map<string, FileExtraction>, languageOf: LanguageOf): void {
  for (const [path, file] of byPath) {
    if (file.buildVariant === undefined) continue;
    if (languageOf(file)?.modules.builds?.compiledByDefault(path, file.buildVariant)) byPath.set(path, { ...file, buildVariant: undefined });
  }
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
    const twins = (this.twinIndex().get(twinKey(this.byPath.get(result.target.file)!, found)) ?? [])
      .filter((ref) => ref.file !== result.target.file && this.byPath.get(ref.file)!.buildVariant !== undefined && builds.compiledTogether(file.path, ref.file));
    if (together && twins.length === 0) return result;
    const chosen = twins.length === 1 ? twins : twins.filter((ref) => sameParameters(this.byPath.get(ref.file)!.declarations[ref.localId], found));
    if (chosen.length === 1) return { ...result, target: chosen[0] };
    return { resolved: false, reason: 'ambiguous', candidates: [result.target, ...twins], likelyInternal: true };
  }

  private twinIndex(): Map<string, DeclarationRef[]> {
    if (this.twins) return this.twins;
    this.twins = new Map();
    // Every language's files: a Scala.js twin of a Java class is a twin too.
    for (const file of this.byPath.values()) {
      file.declarations.forEach((declaration, localId) => {
        const key = twinKey(file, declaration);
        this.twins!.set(key, [...(this.twins!.get(key) ?? []), { file: file.path, localId }]);
      });
    }
    return this.twins;
  }
}

/** Kinds one type or callable takes in the languages of one family (a Java `interface` ported as a Scala `trait`). */
const KIND_GROUPS: Readonly<Record<string, string>> = { class: 'type', interface: 'type', trait: 'type', enum: 'type', struct: 'type', method: 'callable', function: 'callable' };

function twinKey(file: FileExtraction, declaration: Declaration): string {
  const packages = file.module?.packages ?? [];
  return `${packages.length > 0 ? packages[packages.length - 1].name : ''}\0${declaration.qualifiedName}\0${KIND_GROUPS[declaration.kind] ?? declaration.kind}`;
}

function sameParameters(a: Declaration, b: Declaration): boolean {
  return JSON.stringify(a.parameterTypes ?? null) === JSON.stringify(b.parameterTypes ?? null);
}
