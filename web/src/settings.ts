// Player settings, kept in localStorage.

import { useSyncExternalStore } from "react";

export type Settings = {
  /** When the decision is mine and passing is my only option, the server passes for me. */
  autoPass: boolean;
  /** Brief highlights on changed health and cards. */
  animations: boolean;
};

const KEY = "epic.settings";

function defaults(): Settings {
  const reduced =
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  return { autoPass: true, animations: !reduced };
}

function read(): Settings {
  const base = defaults();
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return base;
    const stored = JSON.parse(raw) as Partial<Settings>;
    return {
      autoPass: typeof stored.autoPass === "boolean" ? stored.autoPass : base.autoPass,
      animations: typeof stored.animations === "boolean" ? stored.animations : base.animations,
    };
  } catch {
    return base;
  }
}

let current: Settings = read();
const listeners = new Set<() => void>();

export function updateSettings(change: Partial<Settings>): void {
  current = { ...current, ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Storage may be unavailable (private mode); the setting still holds for this page.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) {
      current = read();
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, () => current);
}
