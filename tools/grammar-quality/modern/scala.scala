// Scala 3: significant indentation, enums, given/using, extension methods, top-level definitions.
package demo.shapes

enum Shape:
  case Circle(radius: Double)
  case Square(side: Double)

trait Show[A]:
  def show(a: A): String

given Show[Shape] with
  def show(a: Shape): String = a match
    case Shape.Circle(r) => s"circle $r"
    case Shape.Square(s) => s"square $s"

extension (s: Shape)
  def area: Double = s match
    case Shape.Circle(r) => math.Pi * r * r
    case Shape.Square(x) => x * x

def describe(s: Shape)(using sh: Show[Shape]): String =
  val text = sh.show(s)
  if text.nonEmpty then text else "unknown"

object Main:
  def main(args: Array[String]): Unit =
    println(describe(Shape.Circle(1.0)))
