/**
 * `//go:build` lines, noted but not evaluated for a platform: arbor only tells a file the default
 * build compiles on some platform from one that needs a tag to be set on purpose (`nomsgpack`,
 * `appengine`, `ignore`). Such an opt-in file is a variant of the package: where it and a default
 * file declare the same name, the default one is meant (`FileExtraction.buildVariant`).
 */

/** Tags the toolchain sets by itself on some platform: operating systems, architectures, toolchain and release tags. */
const TOOLCHAIN_TAGS = new Set([
  'aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'js', 'linux', 'nacl', 'netbsd', 'openbsd',
  'plan9', 'solaris', 'wasip1', 'windows', 'zos', 'unix',
  '386', 'amd64', 'amd64p32', 'arm', 'armbe', 'arm64', 'arm64be', 'loong64', 'mips', 'mipsle', 'mips64', 'mips64le',
  'mips64p32', 'mips64p32le', 'ppc', 'ppc64', 'ppc64le', 'riscv', 'riscv64', 's390', 's390x', 'sparc', 'sparc64', 'wasm',
  'cgo', 'gc', 'gccgo',
]);

type Expr = { tag: string } | { not: Expr } | { and: [Expr, Expr] } | { or: [Expr, Expr] };

/** Parses a `//go:build` expression; null when it is malformed. */
export function parseBuildExpression(text: string): Expr | null {
  const tokens = text.match(/\(|\)|!|&&|\|\||[\p{L}\p{N}_.]+/gu) ?? [];
  let at = 0;
  const primary = (): Expr | null => {
    const token = tokens[at++];
    if (token === '!') {
      const inner = primary();
      return inner ? { not: inner } : null;
    }
    if (token === '(') {
      const inner = or();
      return tokens[at++] === ')' ? inner : null;
    }
    return token && /^[\p{L}\p{N}_.]+$/u.test(token) ? { tag: token } : null;
  };
  const and = (): Expr | null => {
    let left = primary();
    while (left && tokens[at] === '&&') {
      at++;
      const right = primary();
      left = right ? { and: [left, right] } : null;
    }
    return left;
  };
  const or = (): Expr | null => {
    let left = and();
    while (left && tokens[at] === '||') {
      at++;
      const right = and();
      left = right ? { or: [left, right] } : null;
    }
    return left;
  };
  const expr = or();
  return expr && at === tokens.length ? expr : null;
}

function evaluate(expr: Expr, toolchain: boolean): boolean {
  if ('tag' in expr) return TOOLCHAIN_TAGS.has(expr.tag) || /^go1\.\d+$/.test(expr.tag) ? toolchain : false;
  if ('not' in expr) return !evaluate(expr.not, toolchain);
  if ('and' in expr) return evaluate(expr.and[0], toolchain) && evaluate(expr.and[1], toolchain);
  return evaluate(expr.or[0], toolchain) || evaluate(expr.or[1], toolchain);
}

/**
 * Whether a file with this constraint is built only when a tag is set on purpose: with every
 * custom tag unset, the expression is false whether the platform's own tags hold or not.
 */
export function isOptInConstraint(text: string): boolean {
  const expr = parseBuildExpression(text);
  if (!expr) return false;
  return !evaluate(expr, true) && !evaluate(expr, false);
}
