/**
 * Subtyping between named classes, proven from the workspace's own heritage clauses, for overload
 * selection when the language's rule (`NameBindingRules.argumentFits`) cannot tell whether an
 * argument of class A can be passed to a parameter of class P:
 *  - P is A or one of A's supertypes: it converts;
 *  - P is a workspace class that A's supertypes miss, and every heritage clause on the way resolved,
 *    to a workspace class or to an import of code outside the workspace (outside code is compiled
 *    without this workspace: none of its classes extends one of ours): it does not;
 *  - P is outside the workspace and every supertype of A is a workspace class: it does not;
 *  - A is outside the workspace and P is a workspace class: it does not (as above);
 *  - anything else (a name that resolves to nothing, a clause that does not resolve): unknown.
 * Names are looked up where they are written: A at the call, P at the overload's class.
 */
import type { ArgumentFit } from '../model/language-support.js';
import type { DeclarationRef } from './targets.js';
import { mayKeep, noteCut } from './order-dependence.js';

/** What a type name written somewhere means: a workspace class, code outside, or nothing known. */
export type NamedType = { ref: DeclarationRef } | { outside: true } | undefined;

/** A class's direct supertypes: those that resolved, and whether others left the workspace or did not resolve. */
export interface DirectSupertypes {
  refs: DeclarationRef[];
  /** A clause (or an implicit base, an enum's or a record's) names code outside the workspace. */
  outside: boolean;
  /** A clause resolved to nothing: the hierarchy is not known. */
  unknown: boolean;
  /** Outside types named by a clause whose own supertypes the language knows to be none (`closedOutsideSupertypes`). */
  closedOutside?: string[];
}

const key = (ref: DeclarationRef) => `${ref.file}\0${ref.localId}`;
const MAX_CLASSES = 256;

export class ClassHierarchy {
  private readonly closures = new Map<string, { keys: Set<string>; outside: boolean; unknown: boolean; closedOutside: Set<string> }>();

  constructor(private readonly direct: (ref: DeclarationRef) => DirectSupertypes) {}

  /** Every supertype of a class, itself included, and what stood in the way. */
  private closure(ref: DeclarationRef) {
    const known = this.closures.get(key(ref));
    if (known) return known;
    const keys = new Set<string>([key(ref)]);
    let outside = false;
    let unknown = false;
    const closedOutside = new Set<string>();
    const queue = [ref];
    while (queue.length > 0) {
      if (keys.size > MAX_CLASSES) { unknown = true; break; }
      const current = queue.shift()!;
      const direct = this.direct(current);
      outside ||= direct.outside;
      unknown ||= direct.unknown;
      for (const name of direct.closedOutside ?? []) closedOutside.add(name);
      for (const parent of direct.refs) {
        if (keys.has(key(parent))) continue;
        keys.add(key(parent));
        queue.push(parent);
      }
    }
    const result = { keys, outside, unknown, closedOutside };
    if (!mayKeep()) noteCut();
    this.closures.set(key(ref), result);
    return result;
  }

  /**
   * Whether a value of `argument`'s class can be passed to a parameter of `parameter`'s class; `parameterName`, the
   * parameter's simple name, tells an outside parameter type from the closed outside supertypes the class names.
   */
  fits(argument: NamedType, parameter: NamedType, parameterName?: string): ArgumentFit {
    if (!argument || !parameter) return 'unknown';
    // A class from outside is none of ours, nor a subclass of one.
    if (!('ref' in argument)) return 'ref' in parameter ? 'no' : 'unknown';
    const supertypes = this.closure(argument.ref);
    if ('ref' in parameter) {
      if (supertypes.keys.has(key(parameter.ref))) return 'converts';
      return supertypes.unknown ? 'unknown' : 'no';
    }
    if (supertypes.unknown || supertypes.outside) return 'unknown';
    // Outside supertypes with none of their own: the parameter's outside type is one of them, or none the class has.
    if (supertypes.closedOutside.size > 0) return parameterName !== undefined && !supertypes.closedOutside.has(parameterName) ? 'no' : 'unknown';
    return 'no';
  }

  /** Whether `sub` is `sup` or a subclass of it, as proven (overloads: the more specific parameter). */
  isSubtype(sub: NamedType, sup: NamedType): boolean {
    return Boolean(sub && sup && 'ref' in sub && 'ref' in sup && this.closure(sub.ref).keys.has(key(sup.ref)));
  }
}
