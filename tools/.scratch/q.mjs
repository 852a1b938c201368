import Database from 'better-sqlite3';
const db = new Database(process.argv[2], { readonly: true });
for (const sql of process.argv.slice(3)) console.table(db.prepare(sql).all());
