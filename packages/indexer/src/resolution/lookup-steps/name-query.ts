/** What a name-only lookup step is asked: a bare name, the file it is written in and the declaration around it (null: module level). */
export interface NameQuery {
  file: string;
  enclosing: number | null;
  name: string;
  /** The site's line, where a site asks: imports in force only in part of a declaration (`inForceUntil`) need it. */
  line?: number;
}
