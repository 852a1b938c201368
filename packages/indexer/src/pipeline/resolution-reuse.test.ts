/**
 * A re-index resolves again only the files whose change other files cannot see, and keeps the rest of
 * the graph's rows (resolution-reuse.ts); the graph it leaves must still be the one a global pass gives.
 * Checked against a cold build after every kind of change, and after many random edit sequences on a
 * small tree of three languages (a seeded generator: a failure names its seed and step).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dumpGraphContent } from '../test-support/graph-dump.js';
import { coldBuildContent, writeTreeFile } from '../test-support/tree-files.js';
import { resolutionRecordPath } from '../storage/resolution-record.js';
import { indexRepository } from './index-repository.js';
import type { IndexReport } from './index-report.js';
import { seededRandom } from '../test-support/seeded-random.js';

const NOW = 1_700_000_000_000;
let base: string;
let root: string;
let notices: string[];

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-reuse-'));
  root = path.join(base, 'repo');
  notices = [];
  fs.mkdirSync(path.join(root, '.codegraph'), { recursive: true });
});

afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const write = (relative: string, text: string) => writeTreeFile(root, relative, text);
const graphPath = () => path.join(root, '.codegraph', 'codegraph.db');
const index = () => indexRepository(root, { threads: 1, now: NOW, onNotice: (m) => notices.push(m) });
const coldContent = () => coldBuildContent(root, base, NOW);

/** Indexes, checks the graph was updated in place (not rebuilt after a failed check) and equals a cold build. */
async function reindexEqualsCold(what: string): Promise<IndexReport> {
  const report = await index();
  expect(notices, what).toEqual([]);
  expect(report.graphWrite?.mode, what).toBe('in-place');
  expect(dumpGraphContent(graphPath()), what).toBe(await coldContent());
  return report;
}

function seedTree(): void {
  write('tsconfig.json', '{ "compilerOptions": { "baseUrl": "." } }\n');
  write('ts/shapes.ts', 'export class Shape {\n  area(): number {\n    return 0;\n  }\n}\n\nexport class Square extends Shape {\n  area(): number {\n    return 4;\n  }\n}\n');
  write('ts/main.ts', "import { Square } from './shapes';\n\nexport function main(): number {\n  const s = new Square();\n  return s.area();\n}\n");
  write('ts/barrel.ts', "export * from './shapes';\nexport * from './main';\n");
  // Found through tsconfig's baseUrl: the configuration file is read, and recorded.
  write('ts/rooted.ts', "import { Shape } from 'ts/shapes';\n\nexport const made = new Shape();\n");
  write('py/app.py', 'from util import helper\n\n\ndef run():\n    return helper()\n');
  write('py/util.py', 'def helper():\n    return 1\n\n\ndef unused():\n    return helper()\n');
  write('web/a.js', 'function onlyHere(x) {\n  return x + 1;\n}\n');
  write('web/b.js', 'function caller() {\n  return onlyHere(41);\n}\n');
}

describe('a re-index that reuses resolution', () => {
  it('resolves only the changed file when no other file can see the change, and every file otherwise; always the cold graph', async () => {
    seedTree();
    const first = await index();
    expect(first.graphWrite?.mode).toBe('new-file');
    expect(fs.existsSync(resolutionRecordPath(graphPath()))).toBe(true);

    // Seen by no other file: a comment, a call changed inside a body, a file touched.
    write('py/app.py', 'from util import helper\n\n\ndef run():\n    return helper()\n# a comment\n');
    let report = await reindexEqualsCold('comment');
    expect(report.resolutionReuse).toEqual({ resolved: 1, kept: 7 });
    write('web/b.js', 'function caller() {\n  return onlyHere(42, caller());\n}\n');
    report = await reindexEqualsCold('call changed');
    expect(report.resolutionReuse).toEqual({ resolved: 1, kept: 7 });
    fs.utimesSync(path.join(root, 'web/b.js'), 1_700_000_000, 1_700_000_000);
    report = await reindexEqualsCold('touched');
    expect(report.resolutionReuse).toEqual({ resolved: 1, kept: 7 });
    report = await reindexEqualsCold('nothing');
    expect(report.resolutionReuse).toEqual({ resolved: 0, kept: 8 });

    // Lines moved above declarations: their node ids move, so the file and the one whose rows name them (app.py calls helper).
    write('py/util.py', '# header\ndef helper():\n    return 1\n\n\ndef unused():\n    return helper()\n');
    report = await reindexEqualsCold('a line inserted above declarations');
    expect(report.resolutionReuse).toEqual({ resolved: 2, kept: 6 });
    write('ts/shapes.ts', '// header\n\nexport class Shape {\n  area(): number {\n    return 0;\n  }\n}\n\nexport class Square extends Shape {\n  area(): number {\n    return 4;\n  }\n}\n');
    report = await reindexEqualsCold('lines inserted above a class and its subclass');
    expect(report.resolutionReuse?.whyNot).toBeUndefined();
    expect(report.resolutionReuse?.kept).toBeGreaterThan(0);

    // Seen by others: every file is resolved, and says why.
    const steps: Array<[string, () => void, RegExp]> = [
      ['a declaration added', () => write('ts/shapes.ts', 'export class Shape {\n  area(): number {\n    return 0;\n  }\n}\n\nexport class Square extends Shape {\n  area(): number {\n    return 4;\n  }\n  side(): number {\n    return 2;\n  }\n}\n'), /what other files can see of ts\/shapes.ts/],
      ['a function moved above its module\'s import', () => write('py/app.py', 'def run():\n    return helper()\n\n\nfrom util import helper\n'), /what other files can see of py\/app.py/],
      ['a heritage clause changed', () => write('ts/shapes.ts', 'export class Shape {\n  area(): number {\n    return 0;\n  }\n}\n\nexport class Square {\n  area(): number {\n    return 4;\n  }\n  side(): number {\n    return 2;\n  }\n}\n'), /what other files can see/],
      ['a file added', () => write('web/c.js', 'function more() {\n  return caller();\n}\n'), /added or removed/],
      ['a twin making a unique name ambiguous', () => write('web/d.js', 'function onlyHere(y) {\n  return y;\n}\n'), /added or removed/],
      ['a file deleted', () => fs.rmSync(path.join(root, 'web/d.js')), /added or removed/],
      ['a file renamed', () => fs.renameSync(path.join(root, 'web/c.js'), path.join(root, 'web/e.js')), /added, removed or renamed/],
      ['a configuration file changed', () => write('tsconfig.json', '{ "compilerOptions": { "baseUrl": "ts" } }\n'), /configuration file changed \(tsconfig.json\)/],
    ];
    for (const [what, change, why] of steps) {
      change();
      report = await reindexEqualsCold(what);
      expect(report.resolutionReuse?.kept, what).toBe(0);
      expect(report.resolutionReuse?.whyNot, what).toMatch(why);
    }
    // And after those, edits others cannot see are reused again.
    write('web/e.js', 'function more() {\n  return caller(2);\n}\n');
    report = await reindexEqualsCold('after the changes');
    expect(report.resolutionReuse).toMatchObject({ resolved: 1 });
  });

  it('right after a build (no digests), reads back the rows of the files it resolves alone and still gives the cold graph', async () => {
    seedTree();
    expect((await index()).graphWrite?.mode).toBe('new-file');
    // Lines moved: util.py's node ids change, and app.py's rows (which name them) are given again; both files' old
    // groups are read back from the graph by their names (storage/graph-update-in-place.ts), the six others kept.
    write('py/util.py', '# header\ndef helper():\n    return 1\n\n\ndef unused():\n    return helper()\n');
    const report = await reindexEqualsCold('a line inserted above declarations, first update after a build');
    expect(report.resolutionReuse).toEqual({ resolved: 2, kept: 6 });
    expect(report.graphWrite?.mode === 'in-place' && report.graphWrite.changes.comparedBy).toBe('rows');
    expect(report.graphWrite?.mode === 'in-place' && report.graphWrite.changes.nodes.deleted).toBeGreaterThan(0);
  });

  it('does not believe a record of another graph file (a copy carried in), nor a damaged one', async () => {
    seedTree();
    await index();
    const record = resolutionRecordPath(graphPath());
    fs.writeFileSync(record, fs.readFileSync(record, 'utf8').replace('"cuts":0', '"cuts":"none"'));
    write('py/app.py', 'from util import helper\n\n\ndef run():\n    return helper()\n# again\n');
    let report = await reindexEqualsCold('damaged record');
    expect(report.resolutionReuse).toMatchObject({ kept: 0, whyNot: 'no resolution record of this graph' });

    // The folder as a checkout brings it: the same bytes, another graph file.
    const carried = path.join(base, 'carried');
    fs.cpSync(path.join(root, '.codegraph'), carried, { recursive: true });
    fs.rmSync(path.join(root, '.codegraph'), { recursive: true });
    fs.cpSync(carried, path.join(root, '.codegraph'), { recursive: true, preserveTimestamps: true });
    write('py/app.py', 'from util import helper\n\n\ndef run():\n    return helper()\n# and again\n');
    report = await reindexEqualsCold('carried in');
    expect(report.resolutionReuse).toMatchObject({ kept: 0, whyNot: 'no resolution record of this graph' });
  });
});


const NAMES = ['alpha', 'beta', 'gamma', 'delta'];

/** One file of a language, declaring `names` and calling `calls` (by bare name, through an import or a method). */
function source(language: 'ts' | 'py' | 'js', names: string[], calls: string[], extra: string, head = ''): string {
  if (language === 'py') {
    const defs = names.map((n) => `def ${n}():\n    return ${calls.length > 0 ? `${calls[0]}()` : '1'}\n`).join('\n\n');
    return `${head}${calls.map((c) => `from mod_${c} import ${c}\n`).join('')}\n\n${defs}\n${extra}`;
  }
  const body = calls.map((c) => `  ${c}();\n`).join('');
  const decls = names.map((n) => `${language === 'ts' ? 'export ' : ''}function ${n}() {\n${body}  return 1;\n}\n`).join('\n');
  return `${head}${decls}\n${language === 'ts' ? 'export class Box {\n  open() {\n    return 1;\n  }\n}\n' : ''}${extra}`;
}

describe('random edit sequences', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`give a cold build's graph after every step (seed ${seed})`, async () => {
      const next = seededRandom(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
      const files = new Map<string, { language: 'ts' | 'py' | 'js'; names: string[]; calls: string[]; extra: string; head?: string }>();
      const put = (file: string) => {
        const f = files.get(file)!;
        write(file, source(f.language, f.names, f.calls, f.extra, f.head));
      };
      for (const [file, language] of [['src/one.ts', 'ts'], ['src/two.ts', 'ts'], ['py/mod_alpha.py', 'py'], ['py/mod_beta.py', 'py'], ['web/x.js', 'js'], ['web/y.js', 'js']] as const) {
        files.set(file, { language, names: [pick(NAMES)], calls: [pick(NAMES)], extra: '' });
        put(file);
      }
      await index();
      let reused = 0;
      for (let step = 0; step < 20; step++) {
        const file = pick([...files.keys()]);
        const f = files.get(file)!;
        const kind = pick(['comment', 'comment', 'call', 'declare', 'add', 'delete', 'rename', 'touch', 'insert']);
        if (kind === 'comment') f.extra += f.language === 'py' ? '# edit\n' : '// edit\n';
        // A line above every declaration: they all move down.
        else if (kind === 'insert') f.head = `${f.head ?? ''}${f.language === 'py' ? '# top\n' : '// top\n'}`;
        else if (kind === 'call') f.calls = [pick(NAMES)];
        else if (kind === 'declare') f.names = [...new Set([...f.names, pick(NAMES)])];
        if (kind === 'comment' || kind === 'call' || kind === 'declare' || kind === 'insert') put(file);
        else if (kind === 'touch') fs.utimesSync(path.join(root, file), 1_650_000_000 + step, 1_650_000_000 + step);
        else if (kind === 'add') {
          const language = pick(['ts', 'py', 'js'] as const);
          const added = `${language === 'py' ? 'py/mod_' : 'extra/f'}${pick(NAMES)}${step}.${language}`;
          files.set(added, { language, names: [pick(NAMES)], calls: [pick(NAMES)], extra: '' });
          put(added);
        } else if (files.size > 2 && kind === 'delete') {
          fs.rmSync(path.join(root, file));
          files.delete(file);
        } else if (kind === 'rename') {
          const renamed = file.replace(/(\.[a-z]+)$/, `_r${step}$1`);
          fs.renameSync(path.join(root, file), path.join(root, renamed));
          files.delete(file);
          files.set(renamed, f);
        }
        const report = await reindexEqualsCold(`seed ${seed}, step ${step}: ${kind} ${file}`);
        if ((report.resolutionReuse?.kept ?? 0) > 0) reused++;
      }
      // The sequences exercise the partial pass, not only the global one.
      expect(reused).toBeGreaterThan(0);
    });
  }
});
