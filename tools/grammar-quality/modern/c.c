/* C11/C23: _Static_assert, _Generic, designated initialisers, attributes, compound literals. */
#include <stddef.h>

typedef struct point { int x, y; } point;

_Static_assert(sizeof(point) >= 2 * sizeof(int), "point too small");

#define type_name(v) _Generic((v), int: "int", double: "double", default: "other")

[[nodiscard]] static inline int manhattan(point a, point b) {
    int dx = a.x > b.x ? a.x - b.x : b.x - a.x;
    int dy = a.y > b.y ? a.y - b.y : b.y - a.y;
    return dx + dy;
}

int origin_distance(void) {
    point origin = { .x = 0, .y = 0 };
    return manhattan(origin, (point){ .x = 3, .y = 4 });
}

const char *describe(void) { return type_name(1.0); }
