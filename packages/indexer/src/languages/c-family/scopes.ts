/**
 * C's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`).
 *
 * C is block-scoped: a function's parameters are visible in its whole body, every `{}` block and
 * every `for` statement (its init declaration) is a scope, and a local is visible from its
 * declarator on (`int x = x + 1;` already reads the new `x`, which is undefined behaviour but the
 * binding; visible from the statement's start is close enough and never links an outer name).
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type CScopeKind = 'file' | 'function' | 'block';

export type CBindingKind =
  | 'local' // a local variable (a function pointer among them), a local prototype
  | 'parameter';

export const C_SCOPES: ScopeRules<CScopeKind, CBindingKind> = {
  scopes: {
    file: { fileLevel: true },
    function: {},
    block: {},
  },
  bindings: {
    local: { fromPosition: true },
    parameter: {},
  },
};
