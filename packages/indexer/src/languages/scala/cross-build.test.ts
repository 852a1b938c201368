import { describe, expect, it } from 'vitest';
import { compiledByDefault, compiledTogether, folderCompiledBy, newestVersion, scalaBuildVariant } from './cross-build.js';

describe('cross-built Scala sources', () => {
  it('every version folder is a build variant; shared folders are not (which version is the default, the build says)', () => {
    for (const path of ['core/src/main/scala/cats/A.scala', 'src/scala-lib/A.scala', 'core/src/main/scalajvm/A.scala']) {
      expect(scalaBuildVariant(path), path).toBeUndefined();
    }
    for (const [path, folder] of [['core/src/main/scala-2/A.scala', 'scala-2'], ['core/src/main/scala-2.13+/A.scala', 'scala-2.13+'],
      ['fastparse/src-2/A.scala', 'src-2'], ['upickle/test/src-jvm-2/A.scala', 'src-jvm-2'], ['core/src/main/scala-3/A.scala', 'scala-3'],
      ['fastparse/src-3/A.scala', 'src-3'], ['core/src/main/scala-2.12-/A.scala', 'scala-2.12-'], ['core/src/main/scala-3.3+/A.scala', 'scala-3.3+'],
      ['core/src/main/scala-2.x/A.scala', 'scala-2.x']]) {
      expect(scalaBuildVariant(path), path).toBe(folder);
    }
  });

  it('a version folder is compiled by the versions it names; ranges only where the tool defines them (Mill)', () => {
    expect(folderCompiledBy('scala-2', '2.13.14', 'sbt')).toBe(true);
    expect(folderCompiledBy('scala-2.13', '2.13.14', 'sbt')).toBe(true);
    expect(folderCompiledBy('scala-2.12', '2.13.14', 'sbt')).toBe(false);
    expect(folderCompiledBy('scala-3', '2.13.14', 'sbt')).toBe(false);
    expect(folderCompiledBy('src-jvm-3', '3.3.1', 'mill')).toBe(true);
    expect(folderCompiledBy('src-2.13+', '3.3.1', 'mill')).toBe(true);
    expect(folderCompiledBy('src-2.12-', '3.3.1', 'mill')).toBe(false);
    expect(folderCompiledBy('src-2.13-', '2.13.8', 'mill')).toBe(true);
    // sbt ranges: what every build's reading agrees on.
    expect(folderCompiledBy('scala-2.13+', '3.3.1', 'sbt')).toBeUndefined();
    expect(folderCompiledBy('scala-2.13+', '2.13.14', 'sbt')).toBe(true);
    expect(folderCompiledBy('scala-2.13+', '2.12.18', 'sbt')).toBe(false);
    expect(folderCompiledBy('scala-2.13-', '2.13.14', 'sbt')).toBeUndefined();
    expect(folderCompiledBy('scala-2.13-', '2.12.18', 'sbt')).toBe(true);
    expect(folderCompiledBy('scala-2.13-', '3.3.1', 'sbt')).toBe(false);
  });

  it('two version folders are compiled together when some version compiles both', () => {
    expect(compiledTogether('scala-2', 'scala-3', 'sbt')).toBe(false);
    expect(compiledTogether('scala-2', 'scala-2.13', 'sbt')).toBe(true);
    expect(compiledTogether(undefined, 'scala-3', 'sbt')).toBe(true);
    expect(compiledTogether('src-2.13+', 'src-3', 'mill')).toBe(true);
    expect(compiledTogether('src-2.12-', 'src-3', 'mill')).toBe(false);
    // Where sbt builds disagree on a range, it is never known to be apart.
    expect(compiledTogether('scala-2.13+', 'scala-3', 'sbt')).toBe(true);
    expect(compiledTogether('scala-2.13-', 'scala-3', 'sbt')).toBe(false);
  });

  it('platform folders: sbt-crossproject before `src`, Mill `src-js`; the JVM is the default build', () => {
    expect(scalaBuildVariant('munit/js/src/main/scala/munit/A.scala')).toBe('js');
    expect(scalaBuildVariant('core/.native/src/main/scala-3/A.scala')).toBe('.native/scala-3');
    expect(scalaBuildVariant('lib/src-js/A.scala')).toBe('src-js');
    // Mill's PlatformScalaModule: the platform after the version folder's name.
    expect(scalaBuildVariant('utest/src-3-jvm/A.scala')).toBe('src-3-jvm');
    expect(compiledByDefault('src-3-jvm', { version: '3.3.6', tool: 'mill' })).toBe(true);
    expect(compiledByDefault('src-2.12-jvm', { version: '3.3.6', tool: 'mill' })).toBe(false);
    expect(compiledByDefault('src-3-js', { version: '3.3.6', tool: 'mill' })).toBe(false);
    expect(compiledTogether('src-2-jvm', 'src-3', 'mill')).toBe(false);
    expect(compiledTogether('src-2.12-jvm', 'src-2', 'mill')).toBe(true);
    // A package folder named js is no platform.
    expect(scalaBuildVariant('core/src/main/scala/play/js/A.scala')).toBeUndefined();
    expect(compiledByDefault('jvm', undefined)).toBe(true);
    expect(compiledByDefault('js', undefined)).toBe(false);
    expect(compiledByDefault('jvm-native', undefined)).toBe(true);
    expect(compiledByDefault('jvm/scala-3', undefined)).toBe(false);
    expect(compiledByDefault('jvm/scala-3', { version: '3.3.1', tool: 'sbt' })).toBe(true);
    expect(compiledTogether('js', 'jvm', 'sbt')).toBe(false);
    expect(compiledTogether('js-native', 'native', 'sbt')).toBe(true);
    expect(compiledTogether('js/scala-2', 'js/scala-3', 'sbt')).toBe(false);
  });

  it('with no default stated, the newest version a version folder names (a shared file calls that build\'s twins)', () => {
    expect(newestVersion(['src-2', 'src-3', 'src-2.13+'])).toBe('3');
    expect(newestVersion(['scala-2.12', 'scala-2.13', 'js/scala-2.13+'])).toBe('2.13');
    expect(newestVersion(['scala-2.x', 'scala-3.3+', 'scala-3'])).toBe('3.3');
    expect(newestVersion(['js', 'jvm'])).toBeUndefined();
    // `scala-2.x` is every 2.x, never a 3.
    expect(folderCompiledBy('scala-2.x', '2.13.14', 'sbt')).toBe(true);
    expect(folderCompiledBy('scala-2.x', '3', 'sbt')).toBe(false);
  });
});
