// Routing by the location hash: #/, #/game/{id}, #/join/{id}[/{secret}], #/replay/{id}.

import { useSyncExternalStore } from "react";

export type Route =
  | { name: "home" }
  | { name: "game"; id: string }
  | { name: "join"; id: string; secret: string | null }
  | { name: "replay"; id: string };

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, "")
    .split("/")
    .filter((part) => part !== "")
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
  if (parts[0] === "game" && parts.length === 2) return { name: "game", id: parts[1] };
  if (parts[0] === "replay" && parts.length === 2) return { name: "replay", id: parts[1] };
  if (parts[0] === "join" && (parts.length === 2 || parts.length === 3)) {
    return { name: "join", id: parts[1], secret: parts[2] ?? null };
  }
  return { name: "home" };
}

export const paths = {
  home: () => "#/",
  game: (id: string) => `#/game/${encodeURIComponent(id)}`,
  replay: (id: string) => `#/replay/${encodeURIComponent(id)}`,
  /** Taking an open seat: the invite's, with its secret; otherwise the first. */
  join: (id: string, secret?: string) =>
    `#/join/${encodeURIComponent(id)}${secret === undefined ? "" : `/${encodeURIComponent(secret)}`}`,
};

export function navigate(hash: string, options: { replace?: boolean } = {}): void {
  if (options.replace) {
    const url = `${location.pathname}${location.search}${hash}`;
    history.replaceState(null, "", url);
    window.dispatchEvent(new HashChangeEvent("hashchange"));
  } else {
    location.hash = hash;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

function currentHash(): string {
  return location.hash;
}

/** The current route; re-renders when the hash changes. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, currentHash);
  return parseRoute(hash);
}
