import { useState, type FormEvent } from "react";
import { api, errorText } from "../api";
import { Field } from "../components/Field";
import type { User } from "../protocol";

type AuthScreenProps = {
  onSignedIn: (user: User) => void;
  /** Shown above the form, e.g. when an invite link brought the player here. */
  invited?: boolean;
};

type Busy = null | "signin" | "signup" | "guest";

/** Sign in, sign up (name and password) or play as a guest. */
export function AuthScreen({ onSignedIn, invited }: AuthScreenProps) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (what: Exclude<Busy, null>) => {
    setBusy(what);
    setError(null);
    try {
      const user = what === "guest" ? await api.guest() : await api[what]({ name: name.trim(), password });
      onSignedIn(user);
    } catch (e) {
      setError(errorText(e));
      setBusy(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in the form signs in; the sign-up button says so itself.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void run(submitter?.getAttribute("name") === "signup" ? "signup" : "signin");
  };

  const canSubmit = busy === null && name.trim() !== "" && password !== "";

  return (
    <div className="screen narrow auth">
      <h1 className="title">Epic</h1>
      {invited && (
        <p className="notice notice-info">
          You have been invited to a game. Play as a guest, or sign in to join with your account.
        </p>
      )}
      <section className="panel">
        <button
          type="button"
          className="primary wide"
          data-testid="guest"
          disabled={busy !== null}
          onClick={() => void run("guest")}
        >
          {busy === "guest" ? "Starting…" : "Play as guest"}
        </button>
        <p className="muted small">A guest account lives in this browser only.</p>
      </section>
      <section className="panel">
        <h2>Your account</h2>
        <form className="form" onSubmit={onSubmit}>
          <Field
            label="Name"
            data-testid="signup-name"
            name="name"
            autoComplete="username"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
          />
          <Field
            label="Password"
            data-testid="signup-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          <p className="muted small">
            A new account's password has at least 10 characters, does not contain its name and
            is not a common one: a few unrelated words work well.
          </p>
          <div className="form-buttons">
            <button type="submit" className="primary" data-testid="signin" disabled={!canSubmit}>
              {busy === "signin" ? "Signing in…" : "Sign in"}
            </button>
            <button type="submit" name="signup" data-testid="signup" disabled={!canSubmit}>
              {busy === "signup" ? "Signing up…" : "Sign up"}
            </button>
          </div>
        </form>
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
      </section>
    </div>
  );
}
