/**
 * Extensions of the type every value converts to (`members.universalOutsideBase`: C# `M(this object o)`,
 * `M<T>(this T x)`), by name: what a call `v.M()` on a value of a type the code does not prove may mean. Such a
 * call compiles only against a member `M` of v's type or an extension `M` in scope; where the workspace declares
 * no member `M` and the file sees no extension `M` of another type, the universal one is the only candidate it has.
 */
import type { FileExtraction } from '../model/extraction.js';
import type { NameBindingRules } from '../model/language-support.js';
import type { DeclarationRef } from './targets.js';
import type { WorkspaceSymbols } from './workspace-symbols.js';

const CALLABLE: ReadonlySet<string> = new Set(['function', 'method']);
const CLASS_LIKE: ReadonlySet<string> = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'module', 'object']);

export interface ExtensionsNamed {
  /** Extensions of the universal type. */
  universal: DeclarationRef[];
  /** Extensions of any other type (a value of that type would take one of them). */
  others: DeclarationRef[];
  /** Members of classes (not extensions) of this name: a value of such a class calls its own. */
  members: number;
}

export class UniversalExtensions {
  private byName?: Map<string, ExtensionsNamed>;

  constructor(
    private readonly symbols: WorkspaceSymbols,
    private readonly bindingOf: (file: FileExtraction) => NameBindingRules,
  ) {}

  /** What the workspace declares under `name`, over the files of languages with a universal type. */
  named(name: string): ExtensionsNamed | undefined {
    if (!this.byName) this.byName = this.build();
    return this.byName.get(name);
  }

  private build(): Map<string, ExtensionsNamed> {
    const out = new Map<string, ExtensionsNamed>();
    for (const file of this.symbols.allFiles()) {
      const universal = this.bindingOf(file).members?.universalOutsideBase?.type;
      if (!universal) continue;
      file.declarations.forEach((decl, localId) => {
        const parent = decl.parent === null ? undefined : file.declarations[decl.parent];
        const extension = CALLABLE.has(decl.kind) && decl.memberOf !== undefined;
        if (!extension && !(parent && CLASS_LIKE.has(parent.kind))) return;
        const entry = out.get(decl.name) ?? { universal: [], others: [], members: 0 };
        out.set(decl.name, entry);
        const ref = { file: file.path, localId };
        if (!extension) entry.members++;
        else if (decl.memberOf!.kind === 'named' && decl.memberOf!.chain.length === 1 && decl.memberOf!.chain[0] === universal) entry.universal.push(ref);
        else entry.others.push(ref);
      });
    }
    return out;
  }
}
