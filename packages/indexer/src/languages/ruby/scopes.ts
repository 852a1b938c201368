/**
 * Ruby's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`): a `def` starts a
 * fresh scope (it sees no outer local), a block sees the locals around it, and a local exists from its
 * first assignment on (before it, the same name is a method call). Class and module bodies are scopes
 * their methods do not see. A `def` in a block (`describe … do def helper`) is that block's own: its
 * examples and nested groups call it, not a same-named helper of a sibling group.
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type RubyScopeKind = 'file' | 'class' | 'method' | 'block';

/** `method`: a `def` in a block (an RSpec or minitest-spec group's helper), seen in the whole block and the blocks inside it. */
export type RubyBindingKind = 'parameter' | 'local' | 'method';

export const RUBY_SCOPES: ScopeRules<RubyScopeKind, RubyBindingKind> = {
  scopes: { file: { fileLevel: true }, class: { visibleToNested: false }, method: {}, block: {} },
  bindings: { parameter: {}, local: { fromPosition: true }, method: {} },
};
