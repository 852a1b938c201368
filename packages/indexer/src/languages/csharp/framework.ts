/**
 * What C# code may call on the .NET framework's own types, as data for the resolver: the bases of well-known
 * framework types (so an extension of `IDbConnection` reaches a `SqlConnection`), and the member names common
 * framework types declare themselves (a value of an unproven type may have its own member of such a name, so an
 * extension of `object` is not what `v.Contains(x)` must mean).
 */

/**
 * Framework types and their framework bases and interfaces (System.Data, collections, streams, exceptions, reflection).
 * An extension the workspace declares for two of one type's bases is ambiguous: the resolver links neither.
 */
export const FRAMEWORK_SUPERTYPES: Readonly<Record<string, readonly string[]>> = {
  // ADO.NET: every provider's connection, command and reader derive from System.Data.Common's, which implement System.Data's interfaces.
  DbConnection: ['IDbConnection', 'IDisposable'],
  SqlConnection: ['DbConnection', 'IDbConnection', 'IDisposable'],
  SqliteConnection: ['DbConnection', 'IDbConnection', 'IDisposable'],
  SQLiteConnection: ['DbConnection', 'IDbConnection', 'IDisposable'],
  NpgsqlConnection: ['DbConnection', 'IDbConnection', 'IDisposable'],
  MySqlConnection: ['DbConnection', 'IDbConnection', 'IDisposable'],
  OracleConnection: ['DbConnection', 'IDbConnection', 'IDisposable'],
  FbConnection: ['DbConnection', 'IDbConnection', 'IDisposable'],
  OleDbConnection: ['DbConnection', 'IDbConnection', 'IDisposable'],
  OdbcConnection: ['DbConnection', 'IDbConnection', 'IDisposable'],
  DbCommand: ['IDbCommand', 'IDisposable'],
  SqlCommand: ['DbCommand', 'IDbCommand', 'IDisposable'],
  DbDataReader: ['IDataReader', 'IDataRecord', 'IDisposable'],
  SqlDataReader: ['DbDataReader', 'IDataReader', 'IDataRecord', 'IDisposable'],
  IDataReader: ['IDataRecord', 'IDisposable'],
  DbTransaction: ['IDbTransaction', 'IDisposable'],
  SqlTransaction: ['DbTransaction', 'IDbTransaction', 'IDisposable'],
  DbParameter: ['IDbDataParameter', 'IDataParameter'],
  SqlParameter: ['DbParameter', 'IDbDataParameter', 'IDataParameter'],
  // Collections: a class is each interface it implements.
  List: ['IList', 'ICollection', 'IReadOnlyList', 'IReadOnlyCollection', 'IEnumerable'],
  IList: ['ICollection', 'IEnumerable'],
  ICollection: ['IEnumerable'],
  IReadOnlyList: ['IReadOnlyCollection', 'IEnumerable'],
  IReadOnlyCollection: ['IEnumerable'],
  HashSet: ['ISet', 'ICollection', 'IReadOnlySet', 'IReadOnlyCollection', 'IEnumerable'],
  ISet: ['ICollection', 'IEnumerable'],
  Dictionary: ['IDictionary', 'IReadOnlyDictionary', 'ICollection', 'IReadOnlyCollection', 'IEnumerable'],
  IDictionary: ['ICollection', 'IEnumerable'],
  IReadOnlyDictionary: ['IReadOnlyCollection', 'IEnumerable'],
  ConcurrentDictionary: ['IDictionary', 'IReadOnlyDictionary', 'ICollection', 'IReadOnlyCollection', 'IEnumerable'],
  Queue: ['IReadOnlyCollection', 'IEnumerable'],
  Stack: ['IReadOnlyCollection', 'IEnumerable'],
  ImmutableArray: ['IImmutableList', 'IReadOnlyList', 'IList', 'IReadOnlyCollection', 'ICollection', 'IEnumerable'],
  ImmutableList: ['IImmutableList', 'IReadOnlyList', 'IList', 'IReadOnlyCollection', 'ICollection', 'IEnumerable'],
  IQueryable: ['IEnumerable'],
  IOrderedEnumerable: ['IEnumerable'],
  // Tasks: `Task<T>` is written `Task` with a type argument, one name.
  ValueTask: [],
  // Streams and writers.
  MemoryStream: ['Stream', 'IDisposable'],
  FileStream: ['Stream', 'IDisposable'],
  StreamWriter: ['TextWriter', 'IDisposable'],
  StringWriter: ['TextWriter', 'IDisposable'],
  StreamReader: ['TextReader', 'IDisposable'],
  StringReader: ['TextReader', 'IDisposable'],
  // Exceptions: each derives from Exception.
  ArgumentNullException: ['ArgumentException', 'SystemException', 'Exception'],
  ArgumentOutOfRangeException: ['ArgumentException', 'SystemException', 'Exception'],
  ArgumentException: ['SystemException', 'Exception'],
  InvalidOperationException: ['SystemException', 'Exception'],
  NotSupportedException: ['SystemException', 'Exception'],
  AggregateException: ['Exception'],
  // Globalization: a culture formats.
  CultureInfo: ['IFormatProvider'],
  // Reflection.
  TypeInfo: ['Type', 'MemberInfo'],
  Type: ['MemberInfo'],
  MethodInfo: ['MethodBase', 'MemberInfo'],
  ConstructorInfo: ['MethodBase', 'MemberInfo'],
  MethodBase: ['MemberInfo'],
  PropertyInfo: ['MemberInfo'],
  FieldInfo: ['MemberInfo'],
  EventInfo: ['MemberInfo'],
};

/**
 * Names of members the framework's common types declare (System.Object, string, collections and LINQ, tasks,
 * reflection, streams, disposables): `v.Contains(x)` on a value whose type is not proven may call its own.
 */
export const FRAMEWORK_MEMBERS: ReadonlySet<string> = new Set([
  // System.Object.
  'ToString', 'Equals', 'GetHashCode', 'GetType', 'MemberwiseClone', 'ReferenceEquals', 'Finalize',
  // Comparison, cloning, formatting, disposal.
  'CompareTo', 'Clone', 'Dispose', 'DisposeAsync', 'HasFlag', 'TryFormat', 'Deconstruct',
  // Strings.
  'Contains', 'StartsWith', 'EndsWith', 'IndexOf', 'LastIndexOf', 'IndexOfAny', 'Substring', 'Split', 'Trim', 'TrimStart',
  'TrimEnd', 'Replace', 'Insert', 'Remove', 'PadLeft', 'PadRight', 'ToUpper', 'ToLower', 'ToUpperInvariant',
  'ToLowerInvariant', 'ToCharArray', 'Normalize', 'AsSpan', 'AsMemory', 'CopyTo', 'Format', 'Join', 'Concat',
  // Collections.
  'Add', 'AddRange', 'Clear', 'RemoveAt', 'RemoveAll', 'RemoveRange', 'InsertRange', 'GetEnumerator', 'ContainsKey',
  'ContainsValue', 'TryGetValue', 'TryAdd', 'TryRemove', 'GetOrAdd', 'AddOrUpdate', 'Push', 'Pop', 'Peek', 'Enqueue',
  'Dequeue', 'TryPeek', 'TryPop', 'TryDequeue', 'Sort', 'Reverse', 'BinarySearch', 'Find', 'FindAll', 'FindIndex',
  'FindLast', 'Exists', 'TrueForAll', 'ForEach', 'ConvertAll', 'GetRange', 'AsReadOnly', 'ToArray', 'TrimExcess',
  'UnionWith', 'IntersectWith', 'ExceptWith', 'SetEquals', 'IsSubsetOf', 'IsSupersetOf', 'Overlaps', 'GetValueOrDefault',
  'Slice', 'Fill', 'SequenceEqual', 'MoveNext', 'Reset',
  // LINQ (System.Linq.Enumerable, an extension of every collection).
  'Where', 'Select', 'SelectMany', 'Any', 'All', 'Count', 'LongCount', 'First', 'FirstOrDefault', 'Last', 'LastOrDefault',
  'Single', 'SingleOrDefault', 'OrderBy', 'OrderByDescending', 'ThenBy', 'ThenByDescending', 'GroupBy', 'GroupJoin',
  'Skip', 'SkipWhile', 'SkipLast', 'Take', 'TakeWhile', 'TakeLast', 'Distinct', 'DistinctBy', 'Union', 'UnionBy', 'Intersect',
  'IntersectBy', 'Except', 'ExceptBy', 'Zip', 'Aggregate', 'Sum', 'Min', 'Max', 'MinBy', 'MaxBy', 'Average', 'Cast',
  'OfType', 'AsEnumerable', 'AsQueryable', 'ToList', 'ToHashSet', 'ToDictionary', 'ToLookup', 'Append', 'Prepend',
  'DefaultIfEmpty', 'ElementAt', 'ElementAtOrDefault', 'Chunk', 'Empty', 'Range', 'Repeat', 'AsParallel',
  // Tasks.
  'Wait', 'ContinueWith', 'ConfigureAwait', 'GetAwaiter', 'GetResult', 'AsTask', 'WaitAsync', 'Start', 'RunSynchronously',
  // Reflection.
  'GetValue', 'SetValue', 'Invoke', 'GetProperties', 'GetProperty', 'GetMethods', 'GetMethod', 'GetFields', 'GetField',
  'GetMembers', 'GetMember', 'GetConstructors', 'GetConstructor', 'GetCustomAttributes', 'GetCustomAttribute',
  'IsDefined', 'IsAssignableFrom', 'IsInstanceOfType', 'IsSubclassOf', 'MakeGenericType', 'MakeGenericMethod',
  'GetGenericArguments', 'GetGenericTypeDefinition', 'GetInterfaces', 'GetInterface', 'GetElementType', 'GetParameters',
  'CreateDelegate', 'DynamicInvoke', 'GetTypeInfo', 'GetEvents', 'GetNestedTypes',
  // Streams, readers, writers.
  'Read', 'ReadAsync', 'Write', 'WriteAsync', 'Flush', 'FlushAsync', 'Close', 'Seek', 'ReadLine', 'ReadToEnd',
  'WriteLine', 'ReadByte', 'WriteByte',
  // Builders and values.
  'Append', 'AppendLine', 'AppendFormat', 'HasValue', 'GetValueOrDefault',
]);

const BOOL = 'bool';
const LINQ_TESTS = { Any: BOOL, All: BOOL, Contains: BOOL, SequenceEqual: BOOL };
const COLLECTION_COUNT = { Count: 'int', Contains: BOOL, Remove: BOOL };
const DICTIONARY = { ...COLLECTION_COUNT, ContainsKey: BOOL, ContainsValue: BOOL, TryGetValue: BOOL, TryAdd: BOOL };

/**
 * What members of framework types give (a method's result, a property's type), as predefined type names or framework
 * types: a `bool` test (`d.ContainsKey(k)`), a builder returning itself (`sb.Append(c)`). What a chain on such a
 * value calls next is an extension of that type (`d.ContainsKey(k).ShouldBeTrue()`, `sb.Append(c).ToStringRecycle()`).
 * Types inherit their bases' entries (FRAMEWORK_SUPERTYPES).
 */
export const FRAMEWORK_RESULTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  IEnumerable: LINQ_TESTS,
  ICollection: COLLECTION_COUNT,
  IReadOnlyCollection: { Count: 'int' },
  IList: { IndexOf: 'int' },
  ISet: { Add: BOOL, Contains: BOOL, Remove: BOOL },
  HashSet: { Add: BOOL, Contains: BOOL, Remove: BOOL, Count: 'int' },
  List: { ...COLLECTION_COUNT, Exists: BOOL, TrueForAll: BOOL, IndexOf: 'int' },
  Dictionary: DICTIONARY,
  IDictionary: DICTIONARY,
  IReadOnlyDictionary: { Count: 'int', ContainsKey: BOOL, TryGetValue: BOOL },
  ConcurrentDictionary: { ...DICTIONARY, TryRemove: BOOL, TryUpdate: BOOL, IsEmpty: BOOL },
  string: {
    Contains: BOOL, StartsWith: BOOL, EndsWith: BOOL, Equals: BOOL, Length: 'int', IndexOf: 'int', LastIndexOf: 'int',
    Trim: 'string', TrimStart: 'string', TrimEnd: 'string', Substring: 'string', Replace: 'string', ToUpper: 'string',
    ToLower: 'string', ToUpperInvariant: 'string', ToLowerInvariant: 'string', PadLeft: 'string', PadRight: 'string', Insert: 'string', Remove: 'string',
  },
  StringBuilder: {
    Append: 'StringBuilder', AppendLine: 'StringBuilder', AppendFormat: 'StringBuilder', Insert: 'StringBuilder',
    Replace: 'StringBuilder', Remove: 'StringBuilder', Clear: 'StringBuilder', ToString: 'string', Length: 'int',
  },
  Type: { IsAssignableFrom: BOOL, IsInstanceOfType: BOOL, IsSubclassOf: BOOL, IsDefined: BOOL, Name: 'string', FullName: 'string' },
  MemberInfo: { IsDefined: BOOL, Name: 'string' },
};

const OBJECT_MEMBERS = ['ToString', 'Equals', 'GetHashCode', 'GetType'];
const EXPRESSION_MEMBERS = [...OBJECT_MEMBERS, 'Accept', 'CanReduce', 'NodeType', 'Reduce', 'ReduceAndCheck', 'ReduceExtensions', 'Type'];
const LAMBDA_MEMBERS = [...EXPRESSION_MEMBERS, 'Body', 'Compile', 'CompileToMethod', 'Name', 'Parameters', 'ReturnType', 'TailCall', 'Update'];
const VALUE_MEMBERS = [...OBJECT_MEMBERS, 'CompareTo', 'GetTypeCode', 'TryFormat'];

/**
 * Framework types whose own instance members are all listed: an extension named like another framework type's member
 * (`GetMember`, a member of Type) is what a call on such a value means (`Expression<Func<T, P>>`, written `Expression`).
 */
export const FRAMEWORK_OWN_MEMBERS: Readonly<Record<string, ReadonlySet<string>>> = {
  Expression: new Set(LAMBDA_MEMBERS),
  LambdaExpression: new Set(LAMBDA_MEMBERS),
  bool: new Set(VALUE_MEMBERS),
};
