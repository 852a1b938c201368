// C++20: concepts, requires clauses, ranges, structured bindings, spaceship, designated init, lambdas.
#include <compare>
#include <concepts>
#include <ranges>
#include <vector>

namespace geo {

template <typename T>
concept Numeric = std::integral<T> || std::floating_point<T>;

struct Point {
    int x{};
    int y{};
    auto operator<=>(const Point&) const = default;
};

template <Numeric T>
constexpr T square(T v) requires (sizeof(T) <= 8) {
    return v * v;
}

inline int sum_of_squares(const std::vector<int>& values) {
    int total = 0;
    for (auto v : values | std::views::filter([](int n) { return n > 0; })) {
        total += square(v);
    }
    auto [x, y] = Point{.x = 1, .y = 2};
    return total + x + y;
}

}  // namespace geo
