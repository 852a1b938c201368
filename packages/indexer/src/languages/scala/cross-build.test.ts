import { describe, expect, it } from 'vitest';
import { scalaBuildVariant } from './cross-build.js';

describe('cross-built Scala sources', () => {
  it('every version folder is a build variant; shared folders are not (which version is the default, the build says)', () => {
    for (const path of ['core/src/main/scala/cats/A.scala', 'src/scala-lib/A.scala', 'core/src/main/scalajvm/A.scala']) {
      expect(scalaBuildVariant(path), path).toBeUndefined();
    }
    for (const [path, folder] of [['core/src/main/scala-2/A.scala', 'scala-2'], ['core/src/main/scala-2.13+/A.scala', 'scala-2.13+'],
      ['fastparse/src-2/A.scala', 'src-2'], ['upickle/test/src-jvm-2/A.scala', 'src-jvm-2'], ['core/src/main/scala-3/A.scala', 'scala-3'],
      ['fastparse/src-3/A.scala', 'src-3'], ['core/src/main/scala-2.12-/A.scala', 'scala-2.12-'], ['core/src/main/scala-3.3+/A.scala', 'scala-3.3+']]) {
      expect(scalaBuildVariant(path), path).toBe(folder);
    }
  });
});
