import { useEffect, useRef } from "react";
import type { LogLine } from "../protocol";

/** The game log; follows new lines unless the reader scrolled up. */
export function GameLog({ lines }: { lines: LogLine[] }) {
  const ref = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  // The scroll position the last scroll event (or the log itself) left. Only a
  // move up from there is the reader scrolling up: a scroll event can come
  // after more lines did, or from the layout changing the list's height.
  const lastTop = useRef(0);

  useEffect(() => {
    const list = ref.current;
    if (list && following.current) {
      list.scrollTop = list.scrollHeight;
      lastTop.current = list.scrollTop;
    }
  }, [lines]);

  return (
    <section className="log-panel" aria-label="Game log">
      <h2 className="panel-title">Log</h2>
      <ol
        className="log"
        data-testid="log"
        ref={ref}
        onScroll={(event) => {
          const list = event.currentTarget;
          const top = list.scrollTop;
          if (list.scrollHeight - top - list.clientHeight < 24) following.current = true;
          else if (top < lastTop.current - 1) following.current = false;
          lastTop.current = top;
        }}
      >
        {lines.map((line, i) => (
          <li key={i} className={`log-line tone-${line.tone ?? "plain"}`}>
            {line.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
