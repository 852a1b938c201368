/** Which of several same-named declarations a name may mean: shared by the symbol tables and the lookup steps. */
import type { Declaration } from '../model/extraction.js';
import type { DeclarationRef } from './targets.js';

/**
 * The declarations one name may mean, definitions before the prototypes that declare them
 * (`definedElsewhere`): every definition (overloads in one file are several functions, never the
 * first of them), and a prototype only where no definition takes as many parameters (an overload
 * defined elsewhere); prototypes are one per file and parameter count.
 */
export function preferDefinitions(refs: DeclarationRef[], declarationOf: (ref: DeclarationRef) => Declaration): DeclarationRef[] {
  const arity = (ref: DeclarationRef) => declarationOf(ref).parameterTypes?.length ?? -1;
  const defined = refs.filter((ref) => !declarationOf(ref).definedElsewhere);
  const definedArities = new Set(defined.map(arity));
  const prototypes = new Map<string, DeclarationRef>();
  for (const ref of refs) {
    if (!declarationOf(ref).definedElsewhere || definedArities.has(arity(ref)) || definedArities.has(-1)) continue;
    const key = `${ref.file}\0${arity(ref)}`;
    if (!prototypes.has(key)) prototypes.set(key, ref);
  }
  return [...defined, ...prototypes.values()];
}
