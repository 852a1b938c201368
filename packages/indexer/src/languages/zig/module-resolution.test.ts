import { describe, expect, it } from 'vitest';
import { buildModules } from './module-resolution.js';

describe('Zig modules named by build.zig', () => {
  it('reads addModule with its root wherever the root stands among the options', () => {
    const text = `
      const lib = b.addModule("lib", .{ .target = target, .root_source_file = b.path("src/lib.zig") });
      _ = b.addModule("old", .{ .root_source_file = .{ .path = "src/./old.zig" } });
      const be = b.addModule("backend", .{
          .root_source_file = b.path("src/backend.zig"),
          .imports = &.{ .{ .name = "build_options", .module = options } },
      });`;
    expect(Object.fromEntries(buildModules(text))).toEqual({ lib: 'src/lib.zig', old: 'src/old.zig', backend: 'src/backend.zig' });
  });

  it('names a module variable by the import names it is given', () => {
    const text = `
      const stdx = b.createModule(.{ .root_source_file = b.path("src/stdx/stdx.zig") });
      const be = b.addModule("aro_backend", .{ .root_source_file = b.path("src/backend.zig") });
      exe.root_module.addImport("stdx", stdx);
      const aro = b.addModule("aro", .{
          .root_source_file = b.path("src/aro.zig"),
          .imports = &.{ .{ .name = "backend", .module = be }, .{ .name = "opts", .module = options.createModule() } },
      });`;
    expect(Object.fromEntries(buildModules(text))).toEqual({
      stdx: 'src/stdx/stdx.zig', aro_backend: 'src/backend.zig', backend: 'src/backend.zig', aro: 'src/aro.zig',
    });
  });

  it('leaves out a name given two different roots, and a variable assigned two roots', () => {
    const text = `
      const a = b.createModule(.{ .root_source_file = b.path("a.zig") });
      const c = b.createModule(.{ .root_source_file = b.path("c.zig") });
      x.root_module.addImport("dep", a);
      y.root_module.addImport("dep", c);
      const m = b.createModule(.{ .root_source_file = b.path("m1.zig") });
      const m = b.createModule(.{ .root_source_file = b.path("m2.zig") });
      z.root_module.addImport("m", m);
      z.root_module.addImport("unknown", elsewhere);`;
    expect(Object.fromEntries(buildModules(text))).toEqual({});
  });
});

describe('Zig module roots held in a build variable', () => {
  it('reads a root named by a variable the build assigns one path', () => {
    const text = `
      const root_source_file = b.path("src/main.zig");
      const old_root = std.Build.LazyPath.relative("src/old.zig");
      const vaxis_mod = b.addModule("vaxis", .{ .target = target, .root_source_file = root_source_file });
      _ = b.addModule("old", .{ .root_source_file = old_root });
      const exe = b.addExecutable(.{ .root_module = b.createModule(.{
          .root_source_file = b.path("examples/cli.zig"),
          .imports = &.{ .{ .name = "vx", .module = vaxis_mod } },
      }) });`;
    expect(Object.fromEntries(buildModules(text))).toEqual({ vaxis: 'src/main.zig', old: 'src/old.zig', vx: 'src/main.zig' });
  });

  it('reads nothing from a variable given two paths, or a name a helper also takes as a parameter', () => {
    const text = `
      var root = b.path("a.zig");
      var root = b.path("b.zig");
      const lib_root = b.path("src/lib.zig");
      _ = b.addModule("twice", .{ .root_source_file = root });
      _ = b.addModule("lib", .{ .root_source_file = lib_root });
      _ = b.addModule("opaque", .{ .root_source_file = computed });
      fn helper(b: *std.Build, lib_root: std.Build.LazyPath) void { _ = b; _ = lib_root; }`;
    expect(Object.fromEntries(buildModules(text))).toEqual({});
  });
});
