import { describe, expect, it } from 'vitest';
import { defaultScalaVersion, projectScalaVersions } from './build-definition.js';

const read = (files: Record<string, string>) => (path: string) => files[path];
const version = (files: Record<string, string>) => defaultScalaVersion(read(files), Object.keys(files))?.version;

describe('the default Scala version a build states', () => {
  it('sbt: the build-wide setting, through vals, inThisBuild and `in ThisBuild`', () => {
    expect(version({ 'build.sbt': 'val Scala213 = "2.13.14"\nval Default = Scala213\nThisBuild / scalaVersion := Default\n' })).toBe('2.13.14');
    expect(version({ 'build.sbt': 'scalaVersion in ThisBuild := "2.12.18"' })).toBe('2.12.18');
    expect(version({ 'build.sbt': 'def scala213 = "2.13.18"\ninThisBuild {\n  List(\n    scalaVersion := scala213,\n  )\n}\nlazy val p = project.settings(scalaVersion := "2.12.21")' }))
      .toBe('2.13.18');
    // A constant of project/*.scala (`Versions.scala3`).
    expect(version({ 'build.sbt': 'ThisBuild / scalaVersion := Versions.scala3', 'project/Versions.scala': 'object Versions {\n  val scala3 = "3.3.3" // LTS\n}' }))
      .toBe('3.3.3');
  });

  it('sbt: project settings count when they agree; crossScalaVersions.value.head is the project list\'s first', () => {
    expect(version({ 'build.sbt': 'lazy val a = project.settings(scalaVersion := "3.3.1")\nlazy val b = project.settings(scalaVersion := "3.3.1")' })).toBe('3.3.1');
    expect(version({ 'build.sbt': 'lazy val a = project.settings(scalaVersion := "3.3.1")\nlazy val b = project.settings(scalaVersion := "2.13.12")' })).toBeUndefined();
    expect(version({ 'build.sbt': 'lazy val a = project.settings(\n  crossScalaVersions := Seq(\n    "3.2.2",\n    "2.13.10"\n  ),\n  scalaVersion := crossScalaVersions.value.head,\n)' }))
      .toBe('3.2.2');
    // Another scope's setting is not the build's; an expression the build computes is not known.
    expect(version({ 'build.sbt': 'Test / scalaVersion := "3.3.1"' })).toBeUndefined();
    expect(version({ 'build.sbt': 'ThisBuild / scalaVersion := sys.props("scala")' })).toBeUndefined();
    expect(version({ 'build.sbt': 'ThisBuild / crossScalaVersions := Seq("2.13.12", "3.3.1")' })).toBeUndefined();
  });

  it('Mill: plain modules\' scalaVersion and each cross module\'s default cross value (the first, or defaultCrossSegments)', () => {
    expect(version({ 'build.mill': 'object foo extends ScalaModule {\n  def scalaVersion = "2.13.12"\n}' })).toBe('2.13.12');
    expect(version({ 'build.sc': 'val scala3 = "3.3.1"\nobject foo extends ScalaModule {\n  def scalaVersion = T(scala3)\n}' })).toBe('3.3.1');
    expect(version({ 'build.sc': 'object a extends Cross[A]("3.3.1")\nobject b extends ScalaModule {\n  def scalaVersion = "3.3.1"\n}' })).toBe('3.3.1');
    // Mill's default cross value is the first of the list, known even where an unknown tail follows it.
    const cross = 'val scalaVersions =\n  "2.12.16" :: "2.13.8" :: "3.3.3" :: extra\n\nobject jvm extends Cross[Jvm](scalaVersions)\ntrait Jvm extends CrossScalaModule';
    expect(version({ 'build.mill': cross })).toBe('2.12.16');
    expect(version({ 'build.mill': `${cross}\nobject bench extends ScalaModule {\n  def scalaVersion = scalaVersions.head\n}` })).toBe('2.12.16');
    // The build overrides it in the cross module's body.
    expect(version({ 'build.sc': 'object a extends Cross[A]("2.13.8", "3.3.1") {\n  def defaultCrossSegments = Seq("3.3.1")\n}' })).toBe('3.3.1');
    expect(version({ 'build.sc': 'object a extends Cross[A]("2.13.8", "3.3.1") {\n  def defaultCrossSegments = Seq(pick())\n}' })).toBeUndefined();
    // Modules whose defaults name different binary versions: no default; one binary version agrees.
    expect(version({ 'build.sc': 'object a extends Cross[A]("3.3.1", "2.13.8")\nobject b extends Cross[B]("2.12.17", "3.3.1")' })).toBeUndefined();
    expect(version({ 'build.sc': 'object a extends Cross[A]("2.13.8", "3.3.1")\nobject b extends Cross[B]("2.13.12")' })).toBe('2.13.8');
    expect(version({ 'build.sc': 'object a extends Cross[A](versions())' })).toBeUndefined();
  });

  it('sbt and Mill side by side: a default only where both state it', () => {
    const sbtReadme = 'lazy val readme = project.settings(\n  scalaVersion := "2.12.19"\n)';
    expect(version({ 'build.sbt': sbtReadme })).toBe('2.12.19');
    expect(version({ 'build.sbt': sbtReadme, 'build.mill': 'object lib extends Cross[Lib]("3.3.1", "2.12.19")' })).toBeUndefined();
    expect(version({ 'build.sbt': sbtReadme, 'build.mill': 'object lib extends Cross[Lib]("2.12.20", "3.3.1")' })).toBe('2.12.20');
    expect(version({ 'build.sbt': sbtReadme, 'build.mill': 'object lib extends ScalaModule {\n  def scalaVersion = "2.12.19"\n}' })).toBe('2.12.19');
  });

  it('scala-cli, and a build that states nothing', () => {
    expect(defaultScalaVersion(read({ 'project.scala': '//> using scala 3.4.2\n//> using dep "x"' }), [])).toEqual({ version: '3.4.2', tool: 'scala-cli' });
    expect(version({})).toBeUndefined();
  });

  it('sbt: a project\'s own scalaVersion, for the sources of its folder', () => {
    const projects = (files: Record<string, string>) => projectScalaVersions(read(files), Object.keys(files));
    const build = [
      'ThisBuild / scalaVersion := "2.13.14"',
      'val scala3 = "3.3.3"',
      'lazy val core = project',
      '  .settings(scalaVersion := "2.12.19")',
      'lazy val next = (project in file("modules/next"))',
      '  .settings(',
      '    crossScalaVersions := Seq(scala3, "2.13.14"),',
      '    scalaVersion := crossScalaVersions.value.head',
      '  )',
      'lazy val docs = project.settings(scalaVersion := sys.props("v"))',
      'lazy val shared = project.settings(commonSettings)',
    ].join('\n');
    expect(projects({ 'build.sbt': build })).toEqual([{ folder: 'core', version: '2.12.19' }, { folder: 'modules/next', version: '3.3.3' }]);
    expect(projects({ 'build.sbt': build, 'build.mill': 'object a extends ScalaModule' })).toEqual([]);
  });
});
