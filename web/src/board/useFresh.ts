import { useState } from "react";

/**
 * Which keys are new since the previous distinct list of keys (empty on the
 * first render), to highlight cards that just arrived somewhere.
 */
export function useFresh(keys: string[]): ReadonlySet<string> {
  const signature = keys.join("|");
  const [track, setTrack] = useState(() => ({
    signature,
    known: new Set(keys),
    fresh: new Set<string>() as ReadonlySet<string>,
  }));
  if (track.signature !== signature) {
    const fresh = new Set(keys.filter((key) => !track.known.has(key)));
    const next = { signature, known: new Set(keys), fresh };
    setTrack(next);
    return next.fresh;
  }
  return track.fresh;
}
