import { useCallback, useState } from "react";
import type { Option } from "../protocol";
import type { Actions } from "./actions";

/**
 * Clicking something the decision names: one option is sent at once, several
 * open a menu of them. `menu` is the open menu's props for `OptionMenu`, or null.
 */
export function usePick(options: Option[] | undefined, actions: Actions | null) {
  const [menuOpen, setMenuOpen] = useState(false);
  const pickable = actions !== null && options !== undefined && options.length > 0;
  const enabled = pickable && !actions.disabled;

  const pick = useCallback(() => {
    if (!actions || !options || options.length === 0 || actions.disabled) return;
    if (options.length === 1) actions.choose(options[0]);
    else setMenuOpen(true);
  }, [actions, options]);

  const closeMenu = useCallback(() => setMenuOpen(false), []);

  const menu = menuOpen && enabled ? { options, onChoose: actions.choose, onClose: closeMenu } : null;
  return { pickable, enabled, pick, menu };
}
