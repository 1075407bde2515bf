import { Modal } from "../components/Modal";
import { kindName } from "../format";
import { isChampion, type Card } from "../protocol";
import { Alignments } from "./CardTile";

/** A card's full text, its cost and alignments, and for a champion its keywords. */
export function CardDialog({ card, onClose }: { card: Card; onClose: () => void }) {
  const champion = isChampion(card) ? card : null;
  return (
    <Modal title={card.name} onClose={onClose} className="card-dialog">
      <dl className="card-facts">
        <dt>Cost</dt>
        <dd>{card.cost}</dd>
        <dt>Kind</dt>
        <dd>{kindName(card)}</dd>
        <dt>Alignment</dt>
        <dd>{card.alignments.length > 0 ? <Alignments alignments={card.alignments} /> : "none"}</dd>
        {card.offense !== null && (
          <>
            <dt>Offense</dt>
            <dd>{card.offense}</dd>
          </>
        )}
        {card.defense !== null && (
          <>
            <dt>Defense</dt>
            <dd>{card.defense}</dd>
          </>
        )}
        {champion && champion.damage > 0 && (
          <>
            <dt>Damage</dt>
            <dd>{champion.damage}</dd>
          </>
        )}
        {champion && champion.counters > 0 && (
          <>
            <dt>Counters</dt>
            <dd>{champion.counters}</dd>
          </>
        )}
      </dl>
      {card.text ? <p className="card-full-text">{card.text}</p> : <p className="muted">No text.</p>}
      {champion && champion.keywords.length > 0 && (
        <ul className="keyword-list">
          {champion.keywords.map((keyword) => (
            <li key={keyword.name}>
              <strong>{keyword.name}</strong>
              {keyword.reminder && <> — {keyword.reminder}</>}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
