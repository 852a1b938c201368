// JSX: components, spread props, fragments, conditional rendering, hooks.
import { useEffect, useState } from 'react';

export function Clock({ interval = 1000, ...rest }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), interval);
    return () => clearInterval(id);
  }, [interval]);
  return (
    <>
      <time {...rest} dateTime={now.toISOString()}>{now.toLocaleTimeString()}</time>
      {rest.label && <label htmlFor="clock">{rest.label}</label>}
    </>
  );
}
