import { useState } from "react";
import { errorText } from "../api";

/** A form's one action: whether it is running, and why it failed, in words. */
export function useAction(): {
  busy: boolean;
  error: string | null;
  run: (work: () => Promise<void>) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
