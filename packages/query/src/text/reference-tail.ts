/** The last name segment of a written reference (`a.b?.c` → c, `ns::f` → f, `new X` → X). */
export function referenceTail(reference: string): string {
  const trimmed = reference.trim().replace(/\(\s*\)$/, '');
  const match = /([A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*)$/.exec(trimmed);
  return match ? match[1] : trimmed;
}
