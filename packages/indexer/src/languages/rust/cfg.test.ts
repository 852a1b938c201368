import { describe, expect, it } from 'vitest';
import { optInCondition } from './cfg.js';

describe('Rust cfg conditions a default build leaves out', () => {
  it('a flag no default build sets is off; not/all/any combine it', () => {
    expect(optInCondition(['inline', 'cfg(loom)'])).toBe('loom');
    expect(optInCondition(['cfg(all(loom, test))'])).toBe('all(loom, test)');
    expect(optInCondition(['cfg(not(all(loom, test)))'])).toBeUndefined();
    expect(optInCondition(['cfg(any(fuzzing, docsrs))'])).toBe('any(fuzzing, docsrs)');
  });

  it('what a target, profile or feature sets is unknown: never a variant', () => {
    expect(optInCondition(['cfg(test)'])).toBeUndefined();
    expect(optInCondition(['cfg(feature = "std")'])).toBeUndefined();
    expect(optInCondition(['cfg(not(feature = "std"))'])).toBeUndefined();
    expect(optInCondition(['cfg(target_os = "linux")'])).toBeUndefined();
    expect(optInCondition(['cfg(any(unix, loom))'])).toBeUndefined();
    expect(optInCondition(['cfg(all(unix, loom))'])).toBe('all(unix, loom)');
  });
});
