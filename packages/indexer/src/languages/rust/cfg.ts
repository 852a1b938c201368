/**
 * Which `#[cfg(…)]` conditions a default build leaves out: a flag Cargo and rustc never set unless
 * asked (`--cfg loom`, `docsrs`, `fuzzing`) is off; the ones they set by target, profile or feature
 * (`unix`, `test`, `debug_assertions`, `feature = "x"`) are unknown here. `not`, `all`, `any` combine.
 */
/** cfg names rustc or Cargo set (or may set) without a `--cfg` of the user's. */
const BUILTIN = new Set([
  'test', 'debug_assertions', 'unix', 'windows', 'feature', 'panic', 'proc_macro', 'doc', 'doctest', 'miri',
  'overflow_checks', 'relocation_model', 'sanitize', 'ub_checks', 'fmt_debug', 'contract_checks', 'target_has_atomic',
]);

/** true / false when the condition surely holds or not in a default build, undefined when unknown. */
function evaluate(condition: string): boolean | undefined {
  const text = condition.trim();
  const call = /^(not|all|any)\s*\(([\s\S]*)\)$/.exec(text);
  if (!call) {
    const name = /^([A-Za-z_]\w*)/.exec(text)?.[1];
    if (!name || name.startsWith('target_') || BUILTIN.has(name)) return undefined;
    return false;
  }
  const parts = splitTopLevel(call[2]);
  const values = parts.map(evaluate);
  if (call[1] === 'not') return values.length === 1 && values[0] !== undefined ? !values[0] : undefined;
  if (call[1] === 'all') return values.includes(false) ? false : values.every((v) => v === true) ? true : undefined;
  return values.includes(true) ? true : values.every((v) => v === false) ? false : undefined;
}

function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    if (quoted) continue;
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last) out.push(last);
  return out;
}

/** The first `cfg(…)` of an item's attributes (as `attributesOf` writes them) that a default build surely leaves out. */
export function optInCondition(attributes: readonly string[]): string | undefined {
  for (const attribute of attributes) {
    const cfg = /^cfg\s*\(([\s\S]*)\)$/.exec(attribute);
    if (cfg && evaluate(cfg[1]) === false) return cfg[1].trim();
  }
  return undefined;
}
