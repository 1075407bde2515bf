import { useCallback, useEffect, useState } from "react";
import { api, errorText } from "./api";
import { Header } from "./components/Header";
import type { User } from "./protocol";
import { navigate, paths, useRoute } from "./router";
import { AuthScreen } from "./screens/AuthScreen";
import { GameScreen } from "./screens/GameScreen";
import { HomeScreen } from "./screens/HomeScreen";
import { JoinScreen } from "./screens/JoinScreen";
import { ReplayScreen } from "./screens/ReplayScreen";
import { useSettings } from "./settings";

export function App() {
  const route = useRoute();
  const { animations } = useSettings();
  // undefined: not known yet (GET /api/me pending); null: signed out.
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api
      .me()
      .then(setUser)
      .catch((e: unknown) => {
        setError(errorText(e));
        setUser(null);
      });
  }, []);

  const signOut = useCallback(() => {
    api
      .signout()
      .catch(() => undefined)
      .finally(() => {
        setUser(null);
        navigate(paths.home());
      });
  }, []);

  const onSignedIn = useCallback((signedIn: User) => {
    setError(null);
    setUser(signedIn);
  }, []);

  let screen;
  if (user === undefined) {
    screen = <p className="loading">Loading…</p>;
  } else if (route.name === "game") {
    // Not signed in: the server shows the game as to a spectator.
    screen = <GameScreen key={`${route.id}:${user?.id ?? ""}`} id={route.id} />;
  } else if (route.name === "replay") {
    screen = <ReplayScreen key={`${route.id}:${user?.id ?? ""}`} id={route.id} />;
  } else if (user === null) {
    screen = <AuthScreen onSignedIn={onSignedIn} invited={route.name === "join"} />;
  } else if (route.name === "join") {
    screen = <JoinScreen key={`${route.id}/${route.secret}`} id={route.id} secret={route.secret} />;
  } else {
    screen = <HomeScreen user={user} />;
  }

  return (
    <div className={animations ? "app anim" : "app"}>
      <Header user={user} onSignOut={signOut} />
      {error && (
        <div className="notice notice-error app-error" role="alert">
          <span>{error}</span>
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => setError(null)}>
            ×
          </button>
        </div>
      )}
      <main className="app-main">{screen}</main>
    </div>
  );
}
