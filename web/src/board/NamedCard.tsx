import type { ReactNode } from "react";
import { Modal } from "../components/Modal";
import type { CardText } from "../protocol";

/** Shows a card's text by name; a name the board gives no text for (a hidden card) shows nothing. */
export type Show = (name: string) => void;

type TileProps = {
  name: string;
  text: CardText | undefined;
  show: Show;
  testId?: string;
  className?: string;
  children?: ReactNode;
};

/** A card by name, with its type line; a click shows its whole text (the boards that name cards: classic, multiverse). */
export function NamedCard({ name, text, show, testId, className, children }: TileProps) {
  return (
    <button
      type="button"
      className={`card card-classic ${className ?? ""}`}
      data-testid={testId}
      title={text ? [text.type_line, ...text.text].join("\n") : name}
      onClick={() => show(name)}
    >
      <span className="card-head">
        <span className="card-name">{name}</span>
      </span>
      {text && <span className="card-line card-kind">{text.type_line}</span>}
      {children}
    </button>
  );
}

/** A named card's whole text, in a dialog. */
export function CardTextDialog({ name, text, onClose }: { name: string; text: CardText; onClose: () => void }) {
  return (
    <Modal title={name} onClose={onClose} className="card-dialog">
      <p className="card-facts">{text.type_line}</p>
      {text.text.length > 0 ? (
        text.text.map((line, i) => (
          <p key={i} className="card-full-text">
            {line}
          </p>
        ))
      ) : (
        <p className="muted">No text.</p>
      )}
    </Modal>
  );
}
