/**
 * Build variants a language's build definition selects (`ImportResolver.builds`): a file of a variant the default
 * build compiles (Scala's `scala-2.13/` when the build's default version is 2.13) is resolved as a default-build
 * file, and a site never lands in a file no build compiles together with its own: a call from `scala-3/` that the
 * lookup answered with the default build's `scala-2/` twin means the twin its own build compiles (the declaration
 * of the same package, qualified name and kind, and parameters), or nothing when there is not exactly one.
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

  /** The result, unless it lands in a file no build compiles with the caller's: then the caller's build's twin, or ambiguous. */
  withinOneBuild(file: FileExtraction, result: Resolution): Resolution {
    if (!result.resolved || result.target.file === file.path) return result;
    const builds = this.languageOf(file)?.modules.builds;
    if (!builds || builds.compiledTogether(file.path, result.target.file)) return result;
    const found = this.byPath.get(result.target.file)!.declarations[result.target.localId];
    const twins = (this.twinIndex().get(twinKey(this.byPath.get(result.target.file)!, found)) ?? [])
      .filter((ref) => ref.file !== result.target.file && builds.compiledTogether(file.path, ref.file))
      .filter((ref) => sameParameters(this.byPath.get(ref.file)!.declarations[ref.localId], found));
    if (twins.length === 1) return { ...result, target: twins[0] };
    return { resolved: false, reason: 'ambiguous', candidates: [result.target, ...twins], likelyInternal: true };
  }

  private twinIndex(): Map<string, DeclarationRef[]> {
    if (this.twins) return this.twins;
    this.twins = new Map();
    for (const file of this.byPath.values()) {
      if (!this.languageOf(file)?.modules.builds) continue;
      file.declarations.forEach((declaration, localId) => {
        const key = twinKey(file, declaration);
        this.twins!.set(key, [...(this.twins!.get(key) ?? []), { file: file.path, localId }]);
      });
    }
    return this.twins;
  }
}

function twinKey(file: FileExtraction, declaration: Declaration): string {
  const packages = file.module?.packages ?? [];
  return `${file.language}\0${packages.length > 0 ? packages[packages.length - 1].name : ''}\0${declaration.qualifiedName}\0${declaration.kind}`;
}

function sameParameters(a: Declaration, b: Declaration): boolean {
  return JSON.stringify(a.parameterTypes ?? null) === JSON.stringify(b.parameterTypes ?? null);
}
