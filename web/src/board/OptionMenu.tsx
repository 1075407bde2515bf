import { useEffect, useRef } from "react";
import { useDismiss } from "../components/useDismiss";
import type { Option } from "../protocol";

type OptionMenuProps = {
  options: Option[];
  onChoose: (option: Option) => void;
  onClose: () => void;
};

/** A small menu of the options that name the same card or player. */
export function OptionMenu({ options, onChoose, onClose }: OptionMenuProps) {
  const ref = useRef<HTMLDivElement>(null);

  useDismiss(ref, onClose);
  useEffect(() => {
    ref.current?.querySelector("button")?.focus();
  }, []);

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
