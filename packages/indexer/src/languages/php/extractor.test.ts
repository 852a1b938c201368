import { describe, expect, it } from 'vitest';
import type { FileExtraction } from '../../model/extraction.js';
import { extractForTest } from '../../test-support/test-parser.js';
import { phpExtractor } from './extractor.js';

function extract(source: string): Promise<FileExtraction> {
  return extractForTest(phpExtractor, source, 'src/a.php');
}

describe('PHP extraction', () => {
  it('declares classes, members, functions and constants; namespaces are no declaration', async () => {
    const file = await extract(`<?php
namespace App;

/** A user. */
#[Entity]
abstract class User extends Base implements Named
{
    use Greets;
    public const KIND = 'user';
    protected static ?Repo $repo = null;

    public function __construct(private readonly Mailer $mailer, int $age = 0) {}

    abstract public function name(): string;
}

interface Named { public function name(): string; }
trait Greets { public function greet(): string { return 'hi'; } }
enum Suit: string { case Hearts = 'H'; }
function helper(): void {}
const LIMIT = 3;
`);
    const rows = file.declarations.filter((d) => d.kind !== 'import').map((d) => `${d.kind} ${d.qualifiedName}`);
    expect(rows).toEqual([
      'class User', 'constant User::KIND', 'field User::repo', 'method User::__construct', 'field User::mailer', 'method User::name',
      'interface Named', 'method Named::name', 'trait Greets', 'method Greets::greet', 'enum Suit', 'enum_member Suit::Hearts',
      'function helper', 'constant LIMIT',
    ]);
    const user = file.declarations.find((d) => d.name === 'User')!;
    expect(user).toMatchObject({ docstring: 'A user.', decorators: ['Entity'], isAbstract: true, isExported: true });
    expect(user.signature).toBe('abstract class User extends Base implements Named');
    expect(file.declarations.find((d) => d.name === 'repo')).toMatchObject({ visibility: 'protected', isStatic: true, valueType: { kind: 'named', chain: ['Repo'] } });
    expect(file.declarations.find((d) => d.name === 'mailer')).toMatchObject({ visibility: 'private', valueType: { kind: 'named', chain: ['Mailer'] } });
    expect(file.declarations.find((d) => d.qualifiedName === 'Named::name')).toMatchObject({ isAbstract: true, visibility: 'public' });
    expect(file.references.filter((r) => r.kind !== 'calls').map((r) => `${r.kind} ${r.name}`)).toEqual(['extends Base', 'implements Named', 'implements Greets']);
  });

  it('writes names as the namespace and imports settle them', async () => {
    const file = await extract(`<?php
namespace App\\Http;

use App\\Models\\User as Account;
use App\\Support\\{Str, Arr as A};
use function App\\Support\\slug;
use Vendor\\Pkg;

function run(Account $a) {
    new Account();
    new Request();
    new \\Other\\Thing();
    new Pkg\\Client();
    Str::lower('x');
    slug('x');
    strlen('x');
    \\strlen('x');
    Sub\\go();
    namespace\\local();
}
`);
    expect(file.imports.map((i) => [i.specifier, i.bindings])).toEqual([
      ['App\\Models\\User', [{ local: 'Account', imported: 'User' }]],
      ['App\\Support\\Str', [{ local: 'Str', imported: 'Str' }]],
      ['App\\Support\\Arr', [{ local: 'A', imported: 'Arr' }]],
      ['App\\Support\\slug', [{ local: 'slug', imported: 'slug' }]],
      ['Vendor\\Pkg', [{ local: 'Pkg', imported: 'Pkg' }]],
    ]);
    expect(file.references.map((r) => [r.kind, [...(r.receiver ?? ['?']), r.name].join(' ')])).toEqual([
      ['instantiates', 'Account'],
      ['instantiates', 'Request'],
      ['instantiates', '\\Other Thing'],
      ['instantiates', '\\Vendor\\Pkg Client'],
      ['calls', 'Str lower'],
      ['calls', 'slug'],
      ['calls', 'strlen'],
      ['calls', '\\ strlen'],
      ['calls', '\\App\\Http\\Sub go'],
      ['calls', 'local'],
    ]);
    expect(file.declarations.find((d) => d.name === 'run')).toBeDefined();
  });

  it('keeps each namespace block and clause with its own imports', async () => {
    const file = await extract(`<?php
namespace A;
use X\\Thing;
class One { function m() { new Thing(); } }
namespace B;
class Two { function m() { new Thing(); } }
`);
    expect(file.references.map((r) => [...(r.receiver ?? []), r.name].join(' '))).toEqual(['Thing', 'Thing']);
    const second = file.references[1];
    expect(second.receiver).toEqual([]);
    expect(file.imports).toHaveLength(1);
  });

  it('states receiver types: parameters, new, declared results, $this properties, catch', async () => {
    const file = await extract(`<?php
class Shop {
    private $cart;
    public function __construct() { $this->cart = new Cart(); }
    public function run(?Order $o, Foo|Bar $u, Baz&Mock $m) {
        $o->pay();
        $u->x();
        $m->y();
        $c = new Cart();
        $c->add();
        $d = Factory::make();
        $d->go();
        $this->cart->add();
        try {} catch (Problem $e) { $e->report(); }
    }
}
`);
    const typed = Object.fromEntries(file.references.map((r) => [r.name, r.typedReceiver?.type ?? null]));
    typed.add = file.references.find((r) => r.name === 'add')!.typedReceiver!.type;
    expect(typed.pay).toEqual({ kind: 'named', chain: ['Order'] });
    expect(typed.x).toBeNull();
    expect(typed.y).toEqual({ kind: 'named', chain: ['Baz'] });
    expect(typed.add).toEqual({ kind: 'call', callee: ['Cart'], construct: true });
    expect(typed.go).toEqual({ kind: 'call', callee: ['Factory', 'make'] });
    expect(typed.report).toEqual({ kind: 'named', chain: ['Problem'] });
    expect(file.memberTypes).toEqual([{ owner: 0, name: 'cart', type: { kind: 'call', callee: ['Cart'], construct: true }, enclosing: 2 }]);
  });

  it('records require/include of a literal path as a side-effect import, and syntax errors', async () => {
    const file = await extract(`<?php
require_once __DIR__ . '/lib/a.php';
include 'b.php';
require $dynamic;
function broken( { }
function after() {}
`);
    expect(file.imports.map((i) => [i.specifier, i.sideEffectOnly])).toEqual([['./lib/a.php', true], ['b.php', true]]);
    expect(file.errors.length).toBeGreaterThan(0);
    expect(file.declarations.some((d) => d.name === 'after')).toBe(true);
  });
});
