/**
 * Ruby's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`): a `def` starts a
 * fresh scope (it sees no outer local), a block sees the locals around it, and a local exists from its
 * first assignment on (before it, the same name is a method call). Class and module bodies are scopes
 * their methods do not see.
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type RubyScopeKind = 'file' | 'class' | 'method' | 'block';

export type RubyBindingKind = 'parameter' | 'local';

export const RUBY_SCOPES: ScopeRules<RubyScopeKind, RubyBindingKind> = {
  scopes: { file: { fileLevel: true }, class: { visibleToNested: false }, method: {}, block: {} },
  bindings: { parameter: {}, local: { fromPosition: true } },
};
