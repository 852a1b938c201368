// C# 12: file-scoped namespace, records, primary constructors, collection expressions,
// raw string literals, pattern matching, required members, init accessors.
namespace Demo.Shapes;

public record Point(int X, int Y);

public sealed class Service(ILogger logger, string name)
{
    public required string Label { get; init; }

    public int[] Numbers { get; } = [1, 2, 3];

    public string Describe(object value) => value switch
    {
        Point { X: 0, Y: 0 } => "origin",
        Point(var x, var y) when x == y => "diagonal",
        int n and > 0 => $"positive {n}",
        _ => """
            something "else"
            """,
    };

    public async Task<int> RunAsync(CancellationToken token)
    {
        logger.Log(name);
        await Task.Delay(10, token);
        return Numbers.Sum();
    }
}

public interface ILogger { void Log(string message); }
