import { describe, expect, it } from 'vitest';
import { codeRole } from './code-role.js';

describe('code role', () => {
  it('tells implementation from tests, benchmarks and examples', () => {
    expect(codeRole('src/router/trie-router/router.ts')).toBe('implementation');
    expect(codeRole('src/router/trie-router/router.test.ts')).toBe('test');
    expect(codeRole('tests/test_convert.py')).toBe('test');
    expect(codeRole('benchmarks/routers/src/hono.mts')).toBe('example');
    expect(codeRole('examples/tutorial/flaskr/db.py')).toBe('example');
    expect(codeRole('src/examples.ts')).toBe('implementation');
  });
});
