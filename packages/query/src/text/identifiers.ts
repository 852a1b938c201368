/**
 * Identifier segments: `getUserName`, `get_user_name`, `GetUserName` and `get-user-name` all
 * split into [get, user, name]; acronyms stay whole (`parseHTTPRequest` → parse, http, request);
 * digits split off (`base64Decode` → base, 64, decode).
 */
export function identifierSegments(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9\u00C0-\uFFFF]+/)
    .map((s) => s.toLowerCase())
    .filter((s) => s !== '');
}

/** Words that carry no meaning in a task description. */
const STOPWORDS = new Set(
  ('a an and are as at be by can do does for from get has have how i if in into is it its make me my of on or ' +
    'our should so that the their them then there these this to use used uses using was we what when where which ' +
    'who why will with would you your all any add fix new change update code function method class file files ' +
    'need want like also not but just more most some such than too very via').split(' '),
);

/**
 * The terms of a task described in words (identifiers in it included), lower case, without
 * stop words, deduplicated, in order of appearance.
 */
export function taskTerms(task: string): string[] {
  const terms: string[] = [];
  for (const word of task.split(/[^A-Za-z0-9_$\u00C0-\uFFFF]+/)) {
    for (const segment of identifierSegments(word)) {
      if (segment.length < 2 || STOPWORDS.has(segment) || /^[0-9]+$/.test(segment)) continue;
      if (!terms.includes(segment)) terms.push(segment);
    }
  }
  return terms;
}

/** Does `query` match `name` at segment boundaries (`user` in getUserName, `userName` too)? */
export function matchesSegments(name: string, query: string): boolean {
  const nameSegments = identifierSegments(name);
  const querySegments = identifierSegments(query);
  if (querySegments.length === 0) return false;
  for (let i = 0; i + querySegments.length <= nameSegments.length; i++) {
    let ok = true;
    for (let j = 0; j < querySegments.length && ok; j++) {
      const last = j === querySegments.length - 1;
      const segment = nameSegments[i + j];
      ok = last ? segment.startsWith(querySegments[j]) : segment === querySegments[j];
    }
    if (ok) return true;
  }
  return false;
}
