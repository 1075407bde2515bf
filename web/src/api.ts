// HTTP calls to the game server. The session is a cookie, so every request
// goes to the same origin and carries it.

import type {
  Credentials,
  GameSummary,
  JoinRequest,
  NewGame,
  Options,
  Replay,
  User,
} from "./protocol";
import { paths } from "./router";

export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

async function request<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  };
  if (method === "POST") {
    init.headers = { Accept: "application/json", "Content-Type": "application/json" };
    init.body = JSON.stringify(body ?? {});
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "The server cannot be reached.");
  }
  const text = await response.text();
  let data: unknown = null;
  if (text !== "") {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const message =
      data !== null && typeof data === "object" && "error" in data && typeof data.error === "string"
        ? data.error
        : `${response.status} ${response.statusText}`.trim();
    throw new ApiError(response.status, message);
  }
  return data as T;
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export const api = {
  /** The signed-in user, or null when the session cookie is missing or stale (401). */
  async me(): Promise<User | null> {
    try {
      return await request<User>("GET", "/api/me");
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  guest: () => request<User>("POST", "/api/guest"),
  signup: (credentials: Credentials) => request<User>("POST", "/api/signup", credentials),
  signin: (credentials: Credentials) => request<User>("POST", "/api/signin", credentials),
  signout: () => request<Record<string, never>>("POST", "/api/signout"),
  options: () => request<Options>("GET", "/api/options"),
  createGame: (game: NewGame) => request<GameSummary>("POST", "/api/games", game),
  openGames: () => request<GameSummary[]>("GET", "/api/games/open"),
  myGames: () => request<GameSummary[]>("GET", "/api/games/mine"),
  join: (id: string, body: JoinRequest) =>
    request<GameSummary>("POST", `/api/games/${encodeURIComponent(id)}/join`, body),
  game: (id: string) => request<GameSummary>("GET", `/api/games/${encodeURIComponent(id)}`),
  replay: (id: string) => request<Replay>("GET", `/api/games/${encodeURIComponent(id)}/replay`),
};

export function saveUrl(id: string): string {
  return `/api/games/${encodeURIComponent(id)}/save`;
}

export function socketUrl(id: string): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/api/games/${encodeURIComponent(id)}/ws`;
}

export function inviteUrl(id: string, secret: string): string {
  return `${location.origin}/${paths.join(id, secret)}`;
}
