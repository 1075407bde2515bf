import { useEffect, useRef } from "react";
import type { Option } from "../protocol";

type OptionMenuProps = {
  options: Option[];
  onChoose: (option: Option) => void;
  onClose: () => void;
};

/** A small menu of the options that name the same card or player. */
export function OptionMenu({ options, onChoose, onClose }: OptionMenuProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    ref.current?.querySelector("button")?.focus();
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [onClose]);

  return (
    <div className="option-menu" role="menu" ref={ref} onClick={(event) => event.stopPropagation()}>
      {options.map((option) => (
        <button
          key={option.index}
          type="button"
          role="menuitem"
          onClick={() => {
            onClose();
            onChoose(option);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
