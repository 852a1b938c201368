/**
 * Multi-row INSERT for bulk loads: one native call per `rowsPerStatement` rows instead of one
 * per row roughly halves the time of a million-row load with better-sqlite3.
 *
 * Usage: push one row's values onto `values`, then call `endRow()`; `finish()` after the last
 * row. Pushing straight onto the shared buffer avoids allocating an array per row.
 */
import type { Database, Statement } from 'better-sqlite3';

export type SqlValue = string | number | bigint | Buffer | null;

export class BatchInsert {
  /** The values of buffered rows, column by column, row after row. */
  readonly values: SqlValue[] = [];
  private readonly many: Statement;
  private readonly one: Statement;
  private readonly width: number;
  private readonly valuesPerBatch: number;

  constructor(db: Database, table: string, columns: readonly string[], rowsPerStatement = 64) {
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
    this.many = db.prepare(head + Array.from({ length: rowsPerStatement }, () => tuple).join(', '));
    this.one = db.prepare(head + tuple);
    this.width = columns.length;
    this.valuesPerBatch = rowsPerStatement * columns.length;
  }

  endRow(): void {
    if (this.values.length % this.width !== 0) {
      throw new RangeError(`BatchInsert: a row needs ${this.width} values, buffer holds ${this.values.length}`);
    }
    if (this.values.length >= this.valuesPerBatch) {
      this.many.run(this.values);
      this.values.length = 0;
    }
  }

  /** Writes the rows still buffered. */
  finish(): void {
    for (let offset = 0; offset < this.values.length; offset += this.width) {
      this.one.run(this.values.slice(offset, offset + this.width));
    }
    this.values.length = 0;
  }
}
