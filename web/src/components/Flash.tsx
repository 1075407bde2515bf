import { useState, type ReactNode } from "react";
import { useSettings } from "../settings";

type FlashProps = {
  /** When this changes, the children are briefly highlighted. */
  value: unknown;
  children: ReactNode;
  className?: string;
};

/** Highlights its content for a moment whenever `value` changes (if animations are on). */
export function Flash({ value, children, className }: FlashProps) {
  const { animations } = useSettings();
  const [previous, setPrevious] = useState(value);
  const [changes, setChanges] = useState(0);
  if (!Object.is(previous, value)) {
    setPrevious(value);
    setChanges(changes + 1);
  }
  const flashing = animations && changes > 0;
  return (
    <span key={changes} className={[className, flashing ? "flash" : ""].filter(Boolean).join(" ")}>
      {children}
    </span>
  );
}
