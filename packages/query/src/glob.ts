/**
 * Glob patterns over project paths: `*` and `?` within one segment, `**` across segments,
 * `{a,b}` alternatives and `[...]` classes. A pattern without `/` matches the base name at
 * any depth (`*.py` finds every Python file), as in .gitignore.
 */
export function isGlob(text: string): boolean {
  return /[*?[\]{}]/.test(text);
}

export function globToRegExp(pattern: string): RegExp {
  let p = pattern.replace(/\\/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  const anywhere = !p.includes('/');
  let out = '';
  let braceDepth = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '*') {
      if (p[i + 1] === '*') {
        const slashAfter = p[i + 2] === '/';
        out += slashAfter ? '(?:.*/)?' : '.*';
        i += slashAfter ? 2 : 1;
      } else {
        out += '[^/]*';
      }
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const close = p.indexOf(']', i + 1);
      if (close === -1) {
        out += '\\[';
      } else {
        let body = p.slice(i + 1, close).replace(/\\/g, '\\\\');
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        out += `[${body}]`;
        i = close;
      }
    } else if (c === '{') {
      braceDepth++;
      out += '(?:';
    } else if (c === '}' && braceDepth > 0) {
      braceDepth--;
      out += ')';
    } else if (c === ',' && braceDepth > 0) {
      out += '|';
    } else {
      out += c.replace(/[.+^$()|\\]/g, '\\$&');
    }
  }
  while (braceDepth-- > 0) out += ')';
  return new RegExp(anywhere ? `(?:^|/)${out}$` : `^${out}$`);
}
