import { describe, expect, it } from 'vitest';
import { isOptInConstraint, parseBuildExpression } from './build-constraints.js';

describe('Go build constraints', () => {
  it('a file needing a custom tag is opt-in; one the default build compiles on some platform is not', () => {
    expect(isOptInConstraint('nomsgpack')).toBe(true);
    expect(isOptInConstraint('appengine')).toBe(true);
    expect(isOptInConstraint('ignore')).toBe(true);
    expect(isOptInConstraint('sonic && (linux || windows || darwin)')).toBe(true);
    expect(isOptInConstraint('!nomsgpack')).toBe(false);
    expect(isOptInConstraint('!jsoniter && !go_json && !(sonic && (linux || windows || darwin))')).toBe(false);
    expect(isOptInConstraint('linux && amd64')).toBe(false);
    expect(isOptInConstraint('!windows')).toBe(false);
    expect(isOptInConstraint('go1.21')).toBe(false);
  });

  it('a malformed expression is never opt-in', () => {
    expect(parseBuildExpression('a && (b')).toBeNull();
    expect(parseBuildExpression('a b')).toBeNull();
    expect(isOptInConstraint('(nomsgpack')).toBe(false);
  });
});
