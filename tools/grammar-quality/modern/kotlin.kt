// Kotlin 1.9/2.0: value classes, sealed interfaces, data objects, context-free generics, when guards.
package demo.shapes

@JvmInline
value class Meters(val value: Double)

sealed interface Shape {
    data class Circle(val radius: Double) : Shape
    data class Square(val side: Double) : Shape
    data object Empty : Shape
}

fun area(shape: Shape): Double = when (shape) {
    is Shape.Circle -> Math.PI * shape.radius * shape.radius
    is Shape.Square -> shape.side * shape.side
    Shape.Empty -> 0.0
}

inline fun <reified T> List<Any>.firstOf(): T? = firstOrNull { it is T } as T?

suspend fun load(ids: List<Int>): Map<Int, String> {
    val result = buildMap {
        for (id in ids) put(id, "item $id")
    }
    return result.filterKeys { it > 0 }
}
