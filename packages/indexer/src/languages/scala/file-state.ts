/**
 * What Scala's rules record while the shared walk runs over one file, the walk context they pass
 * down, and what is settled once the whole file is known (members are visible anywhere in a template
 * body): a receiver means, in this order, a local (from its definition on), a field of an enclosing
 * class, a member type of an enclosing class, a member of the one object whose members are imported
 * (`import Obj._`), then whatever the resolver finds for the name (imports, the package, the packages
 * of chained package clauses, wildcard imports).
 */
import { TypeBodyFile, type TypeBodyContext } from '../../extraction/core/type-body-file.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Walk } from '../../extraction/core/syntax-walk.js';
import type { Scope } from '../../extraction/core/scopes.js';
import type { TypeRef } from '../../model/extraction.js';
export type { ArgumentType } from '../../extraction/core/type-body-file.js';

export interface ScalaContext extends TypeBodyContext {
  file: ScalaFile;
  /** Type parameters of the enclosing type that stand for the type itself (`PR <: Builder[PR, R]`, `self: PR =>`). */
  selfTypes?: ReadonlySet<string>;
  /** In an implicit class's body: the type of the value it wraps (`implicit class RichJ(j: JValue)`), whose methods it adds. */
  implicitOf?: TypeRef;
}

export class ScalaFile extends TypeBodyFile<ScalaContext> {
  /** `import builder._` of a local value, by the scope it is written in: a bare call there means a member of the value. */
  readonly valueWildcards = new Map<Scope, string>();
  /** Objects that extend a type of their own name (`object JsonMethods extends native.JsonMethods`): no companion of it. */
  readonly selfNamedHeirs = new Set<number>();
  /** Locals and parameters stated `Option[T]`, by the scope binding them: `case Some(v)` on one binds v to a T. */
  readonly optionElements = new Map<Scope, Map<string, TypeRef>>();
  /** Local defs a bare read evaluates (`def binary[$: P] = P(…)` in a test block): `binary.map(f)` is a member of the result. */
  readonly localValueDefs = new Set<number>();

  constructor() {
    super({ receiverWords: new Set(['this', 'super']), stringType: 'String', bareCallsNameMethods: false });
  }
}

export type ScalaWalk = Walk<ScalaContext>;

export type Visit = { node: SyntaxNode; ctx: ScalaContext; doc?: string };
