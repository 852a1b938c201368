/**
 * A repository tree in a temp folder, for tests of re-indexing: files written with whole-second times
 * (a copy of the tree keeps them exactly), and the graph a cold build of the tree as it is now writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { indexRepository } from '../pipeline/index-repository.js';
import { dumpGraphContent } from './graph-dump.js';

export function writeTreeFile(root: string, relative: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
  fs.utimesSync(path.join(root, relative), 1_600_000_000, 1_600_000_000);
}

/** The content a cold build of `root` writes, built in a copy under `scratch` so the graph under test stays. */
export async function coldBuildContent(root: string, scratch: string, now: number): Promise<string> {
  const copy = path.join(scratch, `cold-${Math.random().toString(36).slice(2)}`);
  fs.cpSync(root, copy, { recursive: true, preserveTimestamps: true, filter: (src) => !src.includes(`${path.sep}.codegraph${path.sep}`) });
  fs.rmSync(path.join(copy, '.codegraph'), { recursive: true, force: true });
  fs.mkdirSync(path.join(copy, '.codegraph'));
  await indexRepository(copy, { threads: 1, now, cache: false, onNotice: () => {} });
  const content = dumpGraphContent(path.join(copy, '.codegraph', 'codegraph.db')).replaceAll(copy, root);
  fs.rmSync(copy, { recursive: true, force: true });
  return content;
}
