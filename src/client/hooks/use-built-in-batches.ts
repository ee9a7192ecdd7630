import { useEffect, useState } from 'react';

/** Runs `next` after the browser has painted: a frame, then a task. Returns a cancel function. */
export function afterPaint(next: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (task = setTimeout(next)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
}

/** Runs `next` in a task of its own, so a tap or a keystroke waiting since the last batch goes first. */
function afterYield(next: () => void): () => void {
  const task = setTimeout(next);
  return () => clearTimeout(task);
}

/**
 * How many items of `list` to build now: the `first` of them at once, the rest `batch` at a time, each batch
 * in a task of its own after the first has painted. Building 40 brand cards in one task blocked a phone's main
 * thread for ~600 ms (issue 16: Total Blocking Time ~800 ms); in batches no task is long and a tap is answered
 * between them. A new list (another filter) starts again from `first`.
 */
export function useBuiltInBatches<T>(list: readonly T[] | undefined, first: number, batch: number): number {
  const [built, setBuilt] = useState<{ list?: readonly T[]; count: number }>({ count: 0 });
  const total = list?.length ?? 0;
  const count = built.list === list ? built.count : Math.min(first, total);
  useEffect(() => {
    if (!list || count >= total) return;
    const next = () => setBuilt({ list, count: Math.min(count + batch, total) });
    return count <= first ? afterPaint(next) : afterYield(next);
  }, [list, count]);
  return count;
}
