/**
 * Functions whose one `return` gives an object literal (React hooks and factories: `function useModified() { …;
 * return { modified, touch }; }`): the literal becomes a declaration named `return` inside the function, whose
 * members are the literal's functions — written there, or named by a shorthand or `key: name` entry (a function the
 * function declares, a module-level function, an import) — and the function `returnsLocal` it, so a value made by
 * calling it (`const { touch } = useModified(); touch()`, `useModified().touch()`) has those members. An entry naming
 * a local that holds some other value (`const [modified, setModified] = useState()`) is no member.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { functionsDeclaredIn, returnedValues } from './ecmascript-held-values.js';
import { compactText, namingEntry } from './ecmascript-syntax.js';
import type { EcmascriptContext, EcmascriptWalk } from './file-state.js';
import { declareWrittenMember, enclosingFunction, memberFunction } from './ecmascript-returned-objects.js';

/** The name of the declaration that stands for the object a function returns (a keyword: no local can have it). */
export const RETURNED_OBJECT = 'return';

/** Declares the object literal a `return` gives, with its members; false (nothing done) for any other return. */
export function visitReturnedLiteral(value: SyntaxNode, ctx: EcmascriptContext, walk: EcmascriptWalk): boolean {
  const file = ctx.file;
  if (value.type !== 'object' || ctx.suppressDeclarations || !ctx.results || ctx.enclosing === null) return false;
  const factory = file.declarations[ctx.enclosing];
  if ((factory.kind !== 'function' && factory.kind !== 'method' && factory.kind !== 'component') || factory.returnsLocal !== undefined) return false;
  const fn = enclosingFunction(value);
  const body = fn?.childForFieldName('body');
  if (!fn || body?.type !== 'statement_block' || fn.endPosition.row + 1 !== factory.endLine) return false;
  // The only `return` of the function (several literals could disagree on their members).
  const returned = returnedValues(body);
  if (returned.length !== 1 || returned[0].id !== value.id) return false;
  const inner = functionsDeclaredIn(body);
  const entries = value.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  const members = entries.map((entry) => {
    const written = memberFunction(entry);
    const named = written ? undefined : namedEntry(entry, inner, ctx);
    return { entry, written, named, valued: written || named ? undefined : valuedEntry(entry, ctx) };
  });
  if (!members.some((m) => m.written !== undefined || m.named !== undefined || m.valued !== undefined)) return false;

  const id = file.addDeclaration('variable', RETURNED_OBJECT, value, { ...ctx, container: ctx.enclosing }, {
    signature: compactText(value.text, 200),
  });
  factory.returnsLocal = RETURNED_OBJECT;
  const memberCtx: EcmascriptContext = { ...ctx, container: id };
  for (const { entry, written, named, valued } of members) {
    if (valued) {
      // `{ store }` of a local holding a proven value (`const store = createStore()`): a property of that type.
      const property = file.addDeclaration('property', valued.key, entry, memberCtx, { signature: compactText(entry.text, 200) });
      file.facts.typeFromBindings(property, valued.name, valued.scope);
      walk.push(entry, ctx);
      continue;
    }
    if (written) {
      declareWrittenMember(entry, written, memberCtx, ctx, walk);
      continue;
    }
    if (named?.local) {
      // `{ touch }` of a function the function declares: a second name for it (settled once the walk is over).
      const alias = file.addDeclaration('method', named.key, entry, memberCtx, { signature: compactText(entry.text, 200) });
      file.localAliases.push({ declaration: alias, name: named.name, scope: ctx.scope });
    } else if (named) {
      // `{ touch }` of a module-level function or an import: what that name means where the function is written.
      file.addDeclaration('method', named.key, entry, memberCtx, { signature: compactText(entry.text, 200), aliasOf: [named.name], callsRunHeldValue: true });
    }
    walk.push(entry, ctx);
  }
  return true;
}

/**
 * `{ touch }`, `{ stop: touch }`: the key and the name, `local` where the function declares that name — as a
 * function (hoisted, or `const touch = () => …`). A name bound locally to anything else, or by no declaration, is none.
 */
function namedEntry(entry: SyntaxNode, inner: ReadonlyMap<string, SyntaxNode>, ctx: EcmascriptContext): { key: string; name: string; local: boolean } | undefined {
  const named = namingEntry(entry);
  if (!named) return undefined;
  const { key, name } = named;
  if (inner.has(name)) return { key, name, local: true };
  const verdict = ctx.scope.classify(name, false);
  if (!verdict.locallyBound) {
    // A module-level function, or an import (whatever its module exports); never a global the runtime provides.
    const top = ctx.file.topLevelByName.get(name);
    const kind = top === undefined ? undefined : ctx.file.declarations[top].kind;
    return kind === 'function' || kind === 'component' || (kind === undefined && ctx.file.importsName(name)) ? { key, name, local: false } : undefined;
  }
  const target = verdict.localTarget;
  const kind = target === undefined ? undefined : ctx.file.declarations[target].kind;
  return kind === 'function' || kind === 'component' ? { key, name, local: true } : undefined;
}

/** `{ store }`, `{ main: store }` naming a local (no function) that holds a proven value where the literal is written. */
function valuedEntry(entry: SyntaxNode, ctx: EcmascriptContext): { key: string; name: string; scope: EcmascriptContext['scope'] } | undefined {
  const named = namingEntry(entry);
  if (!named) return undefined;
  const verdict = ctx.scope.classify(named.name, false);
  if (!verdict.locallyBound || verdict.localTarget !== undefined || !verdict.scope?.provenValue(named.name)) return undefined;
  return { ...named, scope: verdict.scope };
}
