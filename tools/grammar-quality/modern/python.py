# Python 3.12: PEP 695 type parameters and type aliases, match, except*, walrus, f-string nesting.
type Pair[T] = tuple[T, T]

class Box[T]:
    def __init__(self, item: T) -> None:
        self.item = item

def first[T: (int, str)](items: list[T]) -> T | None:
    if (n := len(items)) > 0:
        return items[0]
    return None

def describe(value: object) -> str:
    match value:
        case {"kind": "point", "x": int(x), "y": int(y)}:
            return f"point {x},{y}"
        case [first, *rest] if rest:
            return f"list starting {first!r}"
        case _:
            return "other"

async def gather_all(tasks):
    try:
        async with tasks as group:
            return [await t for t in group]
    except* ValueError as errors:
        raise RuntimeError(f"{len(errors.exceptions)} failed") from None
