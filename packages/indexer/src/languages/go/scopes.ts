/**
 * Go's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`).
 *
 * Go is block-scoped: every `{}` block, every `if`/`for`/`switch`/`select` statement (its header
 * binds there) and every case clause is a scope. A local is visible from the end of the statement
 * that declares it (`x := x + 1` reads the outer `x`); parameters, receivers and type parameters
 * are visible in the whole function. A function's signature is a scope of its own holding the type
 * parameters, so parameter and result types are read where Go reads them: outside the parameters.
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type GoScopeKind = 'file' | 'signature' | 'function' | 'block' | 'type';

export type GoBindingKind =
  | 'local' // `x := …`, `var x`, `const x`, range and type-switch variables, local types
  | 'parameter' // parameters, named results, the method receiver
  | 'type-parameter';

export const GO_SCOPES: ScopeRules<GoScopeKind, GoBindingKind> = {
  scopes: {
    file: { fileLevel: true },
    signature: {},
    function: {},
    block: {},
    // A generic type's declaration: its type parameters.
    type: {},
  },
  bindings: {
    local: { fromPosition: true },
    parameter: {},
    'type-parameter': {},
  },
};
