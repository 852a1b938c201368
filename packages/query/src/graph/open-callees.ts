/**
 * Which unresolved sites inside the declarations a `callees` walk visited could still be calls
 * into indexed code, so the answer may miss a callee. The rule is unproven.ts's, seen from the
 * calling side: a site the writer left with candidates may reach one of them; a site without
 * candidates may reach a member (method, property, …) of the same name and language family whose
 * receiver was not proven. Anything else (`len`, `console.log`, `fmt.Println`, a call into an
 * imported package) names nothing the index declares: a call into the standard library, a
 * builtin or a dependency, which an answer about the repository's own code does not lack.
 */
import type { Project } from '../project.js';
import type { UnresolvedRef } from '../store/graph-store.js';
import { familyOf, MEMBER_KINDS, referenceTail } from './unproven.js';

export function openCalleeSites(project: Project, walked: string[], kinds: readonly string[]): UnresolvedRef[] {
  const { store } = project;
  const refs = store.unresolvedFrom(walked).filter((r) => kinds.includes(r.kind));
  if (refs.length === 0) return [];
  const languageOf = new Map([...store.refs(new Set(refs.map((r) => r.fromNodeId)))].map(([id, n]) => [id, n.language]));
  const membersNamed = new Map<string, Set<string>>();
  const memberFamilies = (name: string): Set<string> => {
    let families = membersNamed.get(name);
    if (!families) {
      families = new Set(store.nodesByName(name).filter((n) => MEMBER_KINDS.has(n.kind)).map((n) => familyOf(n.language)));
      membersNamed.set(name, families);
    }
    return families;
  };
  return refs.filter((r) => {
    if (r.candidates.length > 0) return true;
    const families = memberFamilies(referenceTail(r.name));
    const language = languageOf.get(r.fromNodeId);
    return language === undefined ? families.size > 0 : families.has(familyOf(language));
  });
}
