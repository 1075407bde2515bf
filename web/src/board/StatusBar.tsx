import type { ReactNode } from "react";
import { possessive } from "../format";

/** One labelled item of a board's status bar ("Round 2 of 6"). */
export function StatusItem({
  label,
  testId,
  className = "",
  children,
}: {
  label?: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={`status-item ${className}`.trim()} data-testid={testId}>
      {label && <span className="status-label">{label}</span>} {children}
    </span>
  );
}

/**
 * The header every game board shows, whatever its ruleset: the turn, whose it is and the
 * moment of it, then what the ruleset adds (initiative, priority, a countdown).
 */
export function StatusBar({
  turn,
  active,
  moment,
  children,
}: {
  turn: ReactNode;
  /** The active seat's name as the viewer reads it ("You", "Ann"). */
  active: string;
  moment: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="status-bar">
      <StatusItem label="Turn">{turn}</StatusItem>
      <span className="status-item">{possessive(active)} turn</span>
      <span className="status-item" data-testid="moment">
        {moment}
      </span>
      {children}
    </div>
  );
}
