/**
 * Overloads C# ranks below their siblings before comparing argument fits, marked `rankedLast` once a file's
 * declarations are known (siblings may be declared below):
 *  - `[OverloadResolutionPriority(n)]` (C# 13): of a type's same-named methods, those of a lower priority than another;
 *  - `params ReadOnlySpan<T>` / `params Span<T>` beside the same method taking `params T[]` (C# 13's better conversion
 *    target: the span wins where both apply in their expanded forms).
 */
import type { Declaration } from '../../model/extraction.js';

const PRIORITY = /^(?:System\.Runtime\.CompilerServices\.)?OverloadResolutionPriority(?:Attribute)?\s*\(\s*(-?\d+)\s*\)$/;
const PARAMS_SPAN = /\bparams\s+(?:System\.)?(?:ReadOnly)?Span\s*</;

function priorityOf(declaration: Declaration): number {
  for (const decorator of declaration.decorators ?? []) {
    const match = PRIORITY.exec(decorator);
    if (match) return Number(match[1]);
  }
  return 0;
}

export function rankOverloads(declarations: Declaration[]): void {
  const groups = new Map<string, Declaration[]>();
  for (const declaration of declarations) {
    if (declaration.kind !== 'method' || declaration.parent === null) continue;
    const key = `${declaration.parent}\0${declaration.name}`;
    const group = groups.get(key);
    if (group) group.push(declaration);
    else groups.set(key, [declaration]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const top = Math.max(...group.map(priorityOf));
    for (const declaration of group) if (priorityOf(declaration) < top) declaration.rankedLast = true;
    const spans = group.filter((d) => d.variadic && PARAMS_SPAN.test(d.signature ?? ''));
    for (const declaration of group) {
      if (!declaration.variadic || spans.includes(declaration)) continue;
      const same = JSON.stringify(declaration.parameterTypes);
      if (spans.some((span) => JSON.stringify(span.parameterTypes) === same)) declaration.rankedLast = true;
    }
  }
}
