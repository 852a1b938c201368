// The oracles' own file walk (no .gitignore semantics: see README): root-relative POSIX paths of the files
// `keepFile` accepts, entering only the folders `enterDir` accepts; `onFolder` sees each folder's entries.
import fs from 'node:fs';
import path from 'node:path';

export function walkFiles(root, { keepFile, enterDir, onFolder = () => {} }) {
  const files = [];
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop();
    let entries;
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { continue; }
    onFolder(dir, entries);
    for (const e of entries) {
      if (e.isDirectory()) { if (enterDir(e.name)) stack.push(path.join(dir, e.name)); }
      else if (e.isFile() && keepFile(e.name)) files.push(path.relative(root, path.join(dir, e.name)).split(path.sep).join('/'));
    }
  }
  return files;
}
