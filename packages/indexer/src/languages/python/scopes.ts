/**
 * Python name scoping, just enough to tell whether a name used at a site is bound locally.
 *
 * Python decides scope per function at compile time: a name assigned anywhere in a function body
 * is local to the whole body (unless declared `global`/`nonlocal`). So bindings are collected for
 * the whole file first and sites are classified afterwards.
 */

import type { TypeRef } from '../../model/extraction.js';

export type ScopeKind = 'module' | 'function' | 'class' | 'lambda' | 'comprehension';

/** How a name got bound in one scope. A name may be bound several ways in the same scope. */
export type BindingKind =
  | 'definition' // def / class statement
  | 'parameter'
  | 'receiver-parameter' // first parameter `self`/`cls` of a non-static method
  | 'assignment' // any other binding: assignment, for/with/except target, walrus, del, match capture
  | 'import';

/**
 * The type one binding of a name gives it, with the scope its expression is evaluated in
 * (an annotation of a parameter is evaluated outside the function). null: a value of no
 * proven type (a for target, a call of a local, an untyped parameter).
 */
export interface BoundValue {
  type: TypeRef | null;
  scope: Scope;
}

interface Binding {
  kinds: Set<BindingKind>;
  /** Local id of the declaration, when bound by exactly one extracted def/class. */
  declaration?: number;
  definitionCount: number;
  /** Every value assigned to the name in this scope (`None` assignments are left out). */
  values: BoundValue[];
}

export class Scope {
  private readonly bindings = new Map<string, Binding>();
  private readonly globals = new Set<string>();
  private readonly nonlocals = new Set<string>();

  constructor(
    readonly kind: ScopeKind,
    readonly parent: Scope | null,
  ) {}

  /**
   * Records a binding. `value` is the type the bound value is known to have; omitted, an
   * assignment or parameter binds a value of unknown type. `'none'` is an assignment of `None`,
   * which proves nothing but contradicts nothing either (a call on it would fail at run time).
   */
  bind(name: string, kind: BindingKind, declaration?: number, value?: BoundValue | 'none'): void {
    // `global x` then `x = …`: the assignment binds the module's name.
    if (this.globals.has(name) && this.kind !== 'module') {
      let root: Scope = this;
      while (root.parent) root = root.parent;
      root.bind(name, kind, undefined, value);
      return;
    }
    let binding = this.bindings.get(name);
    if (!binding) {
      binding = { kinds: new Set(), definitionCount: 0, values: [] };
      this.bindings.set(name, binding);
    }
    binding.kinds.add(kind);
    if (kind === 'definition') {
      binding.definitionCount++;
      binding.declaration = declaration;
    }
    if (value === 'none') return;
    if (value) binding.values.push(value);
    else if (kind === 'assignment' || kind === 'parameter') binding.values.push({ type: null, scope: this });
  }

  /**
   * The one type every binding of `name` in this scope gives it, or undefined when any binding
   * is not a plain typed assignment or typed parameter, or two bindings disagree.
   */
  provenValue(name: string): { type: TypeRef; scope: Scope } | undefined {
    const binding = this.bindings.get(name);
    if (!binding || binding.values.length === 0) return undefined;
    for (const kind of binding.kinds) if (kind !== 'assignment' && kind !== 'parameter') return undefined;
    const first = binding.values[0];
    if (first.type === null) return undefined;
    const key = JSON.stringify(first.type);
    for (const value of binding.values) {
      if (value.type === null || value.scope !== first.scope || JSON.stringify(value.type) !== key) return undefined;
    }
    return { type: first.type, scope: first.scope };
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
  /** The scope that binds the name locally (for its proven value type). */
  scope?: Scope;
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
    if (found?.kind === 'bound') {
      const verdict = classifyBinding(found.binding, asReceiver);
      return verdict.locallyBound ? { ...verdict, scope } : verdict;
    }
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
