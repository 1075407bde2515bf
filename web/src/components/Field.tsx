import type { InputHTMLAttributes } from "react";

/** A labelled input of a form. */
export function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label>
      {label}
      <input {...input} />
    </label>
  );
}
