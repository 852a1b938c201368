/**
 * Python name scoping, just enough to tell whether a name used at a site is bound locally.
 *
 * Python decides scope per function at compile time: a name assigned anywhere in a function body
 * is local to the whole body (unless declared `global`/`nonlocal`). So bindings are collected for
 * the whole file first and sites are classified afterwards.
 */

export type ScopeKind = 'module' | 'function' | 'class' | 'lambda' | 'comprehension';

/** How a name got bound in one scope. A name may be bound several ways in the same scope. */
export type BindingKind =
  | 'definition' // def / class statement
  | 'parameter'
  | 'receiver-parameter' // first parameter `self`/`cls` of a non-static method
  | 'assignment' // any other binding: assignment, for/with/except target, walrus, del, match capture
  | 'import';

interface Binding {
  kinds: Set<BindingKind>;
  /** Local id of the declaration, when bound by exactly one extracted def/class. */
  declaration?: number;
  definitionCount: number;
}

export class Scope {
  private readonly bindings = new Map<string, Binding>();
  private readonly globals = new Set<string>();
  private readonly nonlocals = new Set<string>();

  constructor(
    readonly kind: ScopeKind,
    readonly parent: Scope | null,
  ) {}

  bind(name: string, kind: BindingKind, declaration?: number): void {
    let binding = this.bindings.get(name);
    if (!binding) {
      binding = { kinds: new Set(), definitionCount: 0 };
      this.bindings.set(name, binding);
    }
    binding.kinds.add(kind);
    if (kind === 'definition') {
      binding.definitionCount++;
      binding.declaration = declaration;
    }
  }

  declareGlobal(name: string): void {
    this.globals.add(name);
  }

  declareNonlocal(name: string): void {
    this.nonlocals.add(name);
  }

  /** The scope a walrus target binds in: comprehensions bind in their containing scope. */
  walrusTarget(): Scope {
    let scope: Scope = this;
    while (scope.kind === 'comprehension' && scope.parent) scope = scope.parent;
    return scope;
  }

  /** Whether `name`, used in this scope, refers to a local binding (see `classifyName`). */
  classify(name: string, asReceiver: boolean): NameClass {
    return classifyName(this, name, asReceiver);
  }

  /** @internal */
  lookupHere(name: string): { kind: 'global' } | { kind: 'nonlocal' } | { kind: 'bound'; binding: Binding } | null {
    if (this.globals.has(name)) return { kind: 'global' };
    if (this.nonlocals.has(name)) return { kind: 'nonlocal' };
    const binding = this.bindings.get(name);
    return binding ? { kind: 'bound', binding } : null;
  }
}

export interface NameClass {
  locallyBound: boolean;
  /** Local id of the def/class declaration the name is bound to, when that is certain. */
  localTarget?: number;
}

const NOT_LOCAL: NameClass = { locallyBound: false };

/**
 * Python's LEGB lookup, restricted to the question "is this a local name?".
 *  - Module level is never local.
 *  - A class body is visible only to code directly in it, not to nested functions/comprehensions.
 *  - A name bound only by imports in a function is not treated as local: it resolves through that
 *    import like a module-level import would.
 *  - `self`/`cls` as the first parameter of a method, used as the head of a receiver chain
 *    (`self.m()`), are not local either: they stand for the enclosing class, like `this`.
 *    Called bare (`cls()`), they are ordinary locals.
 */
export function classifyName(start: Scope, name: string, asReceiver: boolean): NameClass {
  let scope: Scope | null = start;
  let innermost = true;
  while (scope && scope.kind !== 'module') {
    if (scope.kind === 'class' && !innermost) {
      scope = scope.parent;
      continue;
    }
    const found = scope.lookupHere(name);
    if (found?.kind === 'global') return NOT_LOCAL;
    if (found?.kind === 'bound') return classifyBinding(found.binding, asReceiver);
    scope = scope.parent;
    innermost = false;
  }
  return NOT_LOCAL;
}

function classifyBinding(binding: Binding, asReceiver: boolean): NameClass {
  const kinds = binding.kinds;
  if (kinds.size === 1 && (kinds.has('import') || (asReceiver && kinds.has('receiver-parameter')))) return NOT_LOCAL;
  if (kinds.size === 1 && kinds.has('definition') && binding.definitionCount === 1 && binding.declaration !== undefined) {
    return { locallyBound: true, localTarget: binding.declaration };
  }
  return { locallyBound: true };
}
