import { useEffect, useState } from "react";
import type { Clock } from "../protocol";

function format(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}:${two(minutes)}:${two(seconds)}`;
  return `${minutes}:${two(seconds)}`;
}

/** The time now, ticking every second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Time left until `deadline` (ms since 1970), ticking every second. */
export function Countdown({ deadline }: { deadline: number }) {
  const left = deadline - useNow();
  return (
    <span className={`countdown ${left < 15_000 ? "countdown-low" : ""}`} title={new Date(deadline).toLocaleString()}>
      {format(left)} left
    </span>
  );
}

/** A seat's game clock, running down while `running` (the seat decides). */
export function SeatClock({ clock, seat, running }: { clock: Clock | null; seat: number; running: boolean }) {
  const now = useNow();
  const left = clock?.left[seat];
  if (clock === null || left === null || left === undefined) return null;
  const shown = running ? left - Math.max(0, now - clock.since) : left;
  const classes = ["seat-clock", running ? "seat-clock-running" : "", shown < 60_000 ? "countdown-low" : ""];
  return (
    <span className={classes.filter(Boolean).join(" ")} title="Game clock: time left for the whole game" data-testid={`clock-${seat}`}>
      {shown <= 0 ? "Out of time" : `Clock ${format(shown)}`}
    </span>
  );
}
