/**
 * Rust's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`).
 *
 * Every block, function body, closure, match arm and `if let`/`while let`/`for` is a scope. A `let`
 * binding is visible from the end of its statement on (`let x = x + 1` reads the outer `x`, and a
 * later `let x` shadows it); parameters and pattern bindings of an arm are visible in all of it.
 * Items (`fn`, `struct`, …) are declarations, never locals — except a `fn` nested in a function
 * body, which is a local name of that block.
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type RustScopeKind = 'file' | 'function' | 'block';

export type RustBindingKind =
  | 'local' // `let`, `for`, `if let`, `match` arm patterns
  | 'parameter'
  | 'item'; // a `fn` declared inside a function body

export const RUST_SCOPES: ScopeRules<RustScopeKind, RustBindingKind> = {
  scopes: {
    file: { fileLevel: true },
    function: {},
    block: {},
  },
  bindings: {
    local: { fromPosition: true },
    parameter: {},
    item: {},
  },
};
