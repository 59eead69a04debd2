import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms`: a query keyed by it asks the server once per pause in typing, not per key. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
