import { useState } from "react";
import { errorText } from "../api";

/**
 * A form's one action: whether it is running, and why it failed, in words. An action
 * that leaves the page stays busy once it has succeeded, so it cannot be sent twice
 * before the new page shows; one that `stays` on the page is ready again.
 */
export function useAction(): {
  busy: boolean;
  error: string | null;
  run: (work: () => Promise<void>, options?: { stays?: boolean }) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>, { stays = false } = {}) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      if (stays) setBusy(false);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return { busy, error, run };
}
