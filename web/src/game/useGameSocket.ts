// One game's WebSocket: keeps the latest State and the game log, reconnects
// with backoff while the game is not over, and sends decisions.

import { useCallback, useEffect, useReducer, useRef } from "react";
import { ApiError, api, socketUrl } from "../api";
import type { ClientMessage, LogLine, ServerMessage, State } from "../protocol";

export type Connection = "connecting" | "open" | "reconnecting" | "closed";

export type Notice = { id: number; message: string };

type SocketState = {
  state: State | null;
  log: LogLine[];
  connection: Connection;
  /** The seq of a decision sent and not yet answered by a new State. */
  pendingSeq: number | null;
  notices: Notice[];
  nextNotice: number;
  /** Set when the game cannot be shown at all (no such game). */
  fatal: string | null;
};

type Action =
  | { type: "connecting"; retry: boolean }
  | { type: "open" }
  | { type: "state"; state: State; resetLog: boolean }
  | { type: "error"; message: string }
  | { type: "closed"; willRetry: boolean }
  | { type: "sent"; seq: number }
  | { type: "dismiss"; id: number }
  | { type: "fatal"; message: string };

const initial: SocketState = {
  state: null,
  log: [],
  connection: "connecting",
  pendingSeq: null,
  notices: [],
  nextNotice: 1,
  fatal: null,
};

function addNotice(s: SocketState, message: string): SocketState {
  return {
    ...s,
    notices: [...s.notices, { id: s.nextNotice, message }],
    nextNotice: s.nextNotice + 1,
  };
}

function reducer(s: SocketState, action: Action): SocketState {
  switch (action.type) {
    case "connecting":
      return { ...s, connection: action.retry ? "reconnecting" : "connecting" };
    case "open":
      return { ...s, connection: "open" };
    case "state":
      return {
        ...s,
        state: action.state,
        // The first State on a socket carries the whole log; later ones only new lines.
        log: action.resetLog ? action.state.log : s.log.concat(action.state.log),
        pendingSeq: null,
      };
    case "error":
      return { ...addNotice(s, action.message), pendingSeq: null };
    case "closed":
      return { ...s, connection: action.willRetry ? "reconnecting" : "closed", pendingSeq: null };
    case "sent":
      return { ...s, pendingSeq: action.seq };
    case "dismiss":
      return { ...s, notices: s.notices.filter((notice) => notice.id !== action.id) };
    case "fatal":
      return { ...s, fatal: action.message, connection: "closed" };
  }
}

const PING_MS = 25_000;
const MAX_BACKOFF_MS = 10_000;

function parse(data: unknown): ServerMessage | null {
  if (typeof data !== "string") return null;
  try {
    const message = JSON.parse(data) as { type?: unknown };
    if (message.type === "state" || message.type === "error") return message as ServerMessage;
  } catch {
    // Not JSON: ignore it.
  }
  return null;
}

export function useGameSocket(id: string) {
  const [s, dispatch] = useReducer(reducer, initial);
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let over = false;
    let everHadState = false;
    let failures = 0;
    let retryTimer: number | undefined;
    let pingTimer: number | undefined;

    const connect = () => {
      retryTimer = undefined;
      dispatch({ type: "connecting", retry: failures > 0 });
      let resetLog = true;
      const ws = new WebSocket(socketUrl(id));
      socket = ws;
      socketRef.current = ws;

      ws.onopen = () => {
        failures = 0;
        dispatch({ type: "open" });
        pingTimer = window.setInterval(() => {
          if (ws.readyState === WebSocket.OPEN) {
            const ping: ClientMessage = { type: "ping" };
            ws.send(JSON.stringify(ping));
          }
        }, PING_MS);
      };

      ws.onmessage = (event: MessageEvent) => {
        const message = parse(event.data);
        if (message === null) return;
        if (message.type === "state") {
          everHadState = true;
          over = message.result !== null;
          dispatch({ type: "state", state: message, resetLog });
          resetLog = false;
        } else {
          dispatch({ type: "error", message: message.message });
        }
      };

      ws.onclose = () => {
        window.clearInterval(pingTimer);
        if (socketRef.current === ws) socketRef.current = null;
        if (stopped) return;
        if (over) {
          dispatch({ type: "closed", willRetry: false });
          return;
        }
        failures += 1;
        dispatch({ type: "closed", willRetry: true });
        const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** (failures - 1));
        retryTimer = window.setTimeout(connect, delay);
        if (!everHadState && failures === 2) {
          // Never connected: find out whether the game exists at all.
          api.game(id).catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 404 && !stopped) {
              stopped = true;
              window.clearTimeout(retryTimer);
              dispatch({ type: "fatal", message: error.message || "There is no such game." });
            }
          });
        }
      };
    };

    // Come back at once when the network or the tab does.
    const retryNow = () => {
      if (stopped || retryTimer === undefined) return;
      window.clearTimeout(retryTimer);
      connect();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") retryNow();
    };
    window.addEventListener("online", retryNow);
    document.addEventListener("visibilitychange", onVisible);

    connect();

    return () => {
      stopped = true;
      window.removeEventListener("online", retryNow);
      document.removeEventListener("visibilitychange", onVisible);
      window.clearTimeout(retryTimer);
      window.clearInterval(pingTimer);
      socket?.close();
      socketRef.current = null;
    };
  }, [id]);

  const decide = useCallback((seq: number, option: number) => {
    const ws = socketRef.current;
    if (ws === null || ws.readyState !== WebSocket.OPEN) return;
    const message: ClientMessage = { type: "decide", seq, option };
    ws.send(JSON.stringify(message));
    dispatch({ type: "sent", seq });
  }, []);

  const concede = useCallback(() => {
    const ws = socketRef.current;
    if (ws === null || ws.readyState !== WebSocket.OPEN) return;
    const message: ClientMessage = { type: "concede" };
    ws.send(JSON.stringify(message));
  }, []);

  const setAutoPass = useCallback((on: boolean) => {
    const ws = socketRef.current;
    if (ws === null || ws.readyState !== WebSocket.OPEN) return;
    const message: ClientMessage = { type: "auto_pass", on };
    ws.send(JSON.stringify(message));
  }, []);

  const dismiss = useCallback((noticeId: number) => dispatch({ type: "dismiss", id: noticeId }), []);

  return { ...s, decide, concede, setAutoPass, dismiss };
}
