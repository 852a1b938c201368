import { describe, expect, it } from 'vitest';
import { scalaBuildVariant } from './cross-build.js';

describe('cross-built Scala sources', () => {
  it('folders whose Scala versions include 2.13 are the default build; the others are variants', () => {
    for (const path of ['core/src/main/scala/cats/A.scala', 'core/src/main/scala-2/A.scala', 'core/src/main/scala-2.13/A.scala',
      'core/src/main/scala-2.13+/A.scala', 'core/src/main/scala-2.12+/A.scala', 'core/src/main/scala-2.13-/A.scala', 'fastparse/src-2/A.scala',
      'upickle/test/src-jvm-2/A.scala', 'src/scala-lib/A.scala']) {
      expect(scalaBuildVariant(path), path).toBeUndefined();
    }
    expect(scalaBuildVariant('core/src/main/scala-3/A.scala')).toBe('scala-3');
    expect(scalaBuildVariant('fastparse/src-3/A.scala')).toBe('src-3');
    expect(scalaBuildVariant('core/src/main/scala-2.12/A.scala')).toBe('scala-2.12');
    expect(scalaBuildVariant('core/src/main/scala-2.12-/A.scala')).toBe('scala-2.12-');
    expect(scalaBuildVariant('core/src/main/scala-3.3+/A.scala')).toBe('scala-3.3+');
  });
});
