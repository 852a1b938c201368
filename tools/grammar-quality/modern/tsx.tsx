// TSX: generic components, props types, satisfies, fragments, conditional rendering.
import { useState, type ReactNode } from 'react';

type ListProps<T> = { items: T[]; render: (item: T) => ReactNode };

export function List<T,>({ items, render }: ListProps<T>) {
  return <ul>{items.map((item, i) => <li key={i}>{render(item)}</li>)}</ul>;
}

export default function App(): JSX.Element {
  const [count, setCount] = useState<number>(0);
  const style = { color: 'red' } satisfies React.CSSProperties;
  return (
    <>
      {count > 0 ? <span style={style}>{count}</span> : null}
      <button onClick={() => setCount((c) => c + 1)}>add</button>
      <List items={[1, 2]} render={(n) => <b>{n}</b>} />
    </>
  );
}
