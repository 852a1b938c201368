<?php
// PHP 8.3: readonly classes, enums, attributes, match, nullsafe, first-class callables, typed constants.
declare(strict_types=1);

namespace App\Model;

#[\Attribute(\Attribute::TARGET_CLASS)]
final readonly class Point
{
    public function __construct(public int $x = 0, public int $y = 0) {}
}

enum Suit: string
{
    case Hearts = 'H';
    case Spades = 'S';

    public function color(): string
    {
        return match ($this) {
            Suit::Hearts => 'Red',
            Suit::Spades => 'Black',
        };
    }
}

interface HasArea
{
    const float PI = 3.14;
}

function describe(int|string $value, ?Point $point = null): string
{
    $x = $point?->x;
    $length = strlen(...);
    return sprintf('%s %d %d', $value, $x ?? 0, $length('abc'));
}

$double = fn (int $n): int => $n * 2;
