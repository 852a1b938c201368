/**
 * Python's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`).
 *
 * Python decides scope per function at compile time: a name bound anywhere in a function body is
 * local to the whole body (unless declared `global`/`nonlocal`), which is what classifying after
 * the walk gives. A class body is seen only by code directly in it, not by the functions and
 * comprehensions nested in it.
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type PythonScopeKind = 'module' | 'function' | 'class' | 'lambda' | 'comprehension';

/** How a name got bound. A name may be bound several ways in the same scope. */
export type BindingKind =
  | 'definition' // def / class statement
  | 'parameter'
  | 'receiver-parameter' // first parameter `self`/`cls` of a non-static method
  | 'assignment' // any other binding: assignment, for/with/except target, del, match capture
  | 'walrus' // `(x := …)`: binds in the nearest scope that is no comprehension
  | 'import';

export const PYTHON_SCOPES: ScopeRules<PythonScopeKind, BindingKind> = {
  scopes: {
    module: { fileLevel: true },
    function: {},
    lambda: {},
    class: { visibleToNested: false },
    comprehension: {},
  },
  bindings: {
    definition: {},
    parameter: {},
    // `self.m()` stands for the class, like `this`; a bare `cls()` is an ordinary local.
    'receiver-parameter': { classReceiver: true },
    assignment: {},
    walrus: { hoistsTo: ['function', 'lambda', 'class', 'module'] },
    // An import in a function resolves through that import, like a module-level one.
    import: { resolvesOutside: true },
  },
};
