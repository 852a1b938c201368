/**
 * Who includes a mixin module (`members.includersLend`): every class or module whose `implements` site
 * (`include M`, `extend M`, `prepend M`) resolves to it, found once over the workspace. A bare call inside
 * the module that the module does not declare runs on an includer's instance: it means the member every
 * includer has (its own, a base's, another module it includes), where all of them agree on one.
 */
import type { FileExtraction, ReferenceSite } from '../model/extraction.js';
import type { DeclarationRef } from './targets.js';
import { mayKeep, noteCut } from './order-dependence.js';

const key = (ref: DeclarationRef) => `${ref.file}\0${ref.localId}`;

export class MixinIncluders {
  private index?: Map<string, DeclarationRef[]>;

  constructor(
    private readonly files: () => Iterable<FileExtraction>,
    private readonly opted: (file: FileExtraction) => boolean,
    private readonly resolveSite: (file: FileExtraction, site: ReferenceSite) => DeclarationRef | undefined,
  ) {}

  /** The classes and modules including `module` (each once), in workspace order. */
  of(module: DeclarationRef): DeclarationRef[] {
    if (!this.index) {
      this.index = new Map();
      for (const file of this.files()) {
        if (!this.opted(file)) continue;
        for (const site of file.references) {
          // Framework bases' implied mixins (`class T < Minitest::Test`) say nothing of who calls what.
          if (site.kind !== 'implements' || site.enclosing === null || site.implied) continue;
          const target = this.resolveSite(file, site);
          if (!target) continue;
          const includer: DeclarationRef = { file: file.path, localId: site.enclosing };
          const list = this.index.get(key(target)) ?? [];
          if (!list.some((known) => key(known) === key(includer))) list.push(includer);
          this.index.set(key(target), list);
        }
      }
      // Built inside a chain that met itself, it may hold what that chain's path found (order-dependence.ts).
      if (!mayKeep()) noteCut();
    }
    return this.index.get(key(module)) ?? [];
  }

  /** The one member every includer of `module` finds by `find`; undefined where one finds none or two disagree. */
  agreed(module: DeclarationRef, find: (includer: DeclarationRef) => DeclarationRef | undefined): DeclarationRef | undefined {
    const includers = this.of(module);
    let agreed: DeclarationRef | undefined;
    for (const includer of includers) {
      if (key(includer) === key(module)) return undefined;
      const found = find(includer);
      if (!found || (agreed && key(agreed) !== key(found))) return undefined;
      agreed ??= found;
    }
    return agreed;
  }
}
