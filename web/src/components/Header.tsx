import { useCallback, useRef, useState } from "react";
import type { User } from "../protocol";
import { navigate, paths } from "../router";
import { updateSettings, useSettings } from "../settings";
import { useDismiss } from "./useDismiss";

function SettingsMenu() {
  const settings = useSettings();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, close, open);

  return (
    <div className="settings" ref={ref}>
      <button
        type="button"
        className="small-button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Settings
      </button>
      {open && (
        <div className="settings-panel">
          <label className="check">
            <input
              type="checkbox"
              checked={settings.autoPass}
              onChange={(event) => updateSettings({ autoPass: event.target.checked })}
            />
            Pass for me when passing is my only option
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.animations}
              onChange={(event) => updateSettings({ animations: event.target.checked })}
            />
            Animations
          </label>
        </div>
      )}
    </div>
  );
}

type HeaderProps = {
  user: User | null | undefined;
  onSignOut: () => void;
};

export function Header({ user, onSignOut }: HeaderProps) {
  return (
    <header className="app-header">
      <a className="brand" href={paths.home()}>
        Epic
      </a>
      <div className="header-right">
        <SettingsMenu />
        {user ? (
          <>
            <span className="user-name" title={user.guest ? "Guest account" : undefined}>
              {user.name}
              {user.guest && <span className="muted"> (guest)</span>}
            </span>
            <button type="button" className="small-button" data-testid="signout" onClick={onSignOut}>
              Sign out
            </button>
          </>
        ) : (
          user === null && (
            <button type="button" className="small-button" onClick={() => navigate(paths.home())}>
              Sign in
            </button>
          )
        )}
      </div>
    </header>
  );
}
