/**
 * Zig's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`).
 *
 * Every block, function body, `if`/`while`/`for` with a payload (`|x|`), switch prong and `catch |e|`
 * is a scope. A `const`/`var` in a function is visible from the end of its statement on; parameters
 * and payload captures are visible in all of their scope. Container-level declarations are no
 * locals: the resolver owns them (a struct's declarations are visible in its functions).
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type ZigScopeKind = 'file' | 'function' | 'block';

export type ZigBindingKind = 'local' | 'local-type' | 'local-function' | 'parameter' | 'capture';

export const ZIG_SCOPES: ScopeRules<ZigScopeKind, ZigBindingKind> = {
  scopes: {
    file: { fileLevel: true },
    function: {},
    block: {},
  },
  bindings: {
    // `const Queue = Intrusive(Elem);` in a function holds a type: `var q: Queue` is what Intrusive returns.
    local: { fromPosition: true, holdsTypes: true },
    // `const T = struct { … };` in a function: a type the global pass finds by name (`function-local-types`), so
    // `var t = T{ … }` and `var t: T` keep `T` as their stated type.
    'local-type': { fromPosition: true, typeFoundByName: true },
    // `const f = struct { fn f(…) … }.f;` in a function: that function, which a bare `f(…)` calls.
    'local-function': { fromPosition: true },
    parameter: {},
    capture: {},
  },
};
