import type { KeyboardEvent } from "react";
import { Flash } from "../components/Flash";
import { alignmentClass, cardTitle, kindName } from "../format";
import { isChampion, type Card, type Champion } from "../protocol";
import { useShowCard, type Actions } from "./actions";
import { OptionMenu } from "./OptionMenu";
import { usePick } from "./usePick";

type CardTileProps = {
  card: Card;
  actions: Actions | null;
  testId?: string;
  /** Just arrived where it is: highlight it briefly. */
  fresh?: boolean;
  small?: boolean;
};

export function Alignments({ alignments }: { alignments: string[] }) {
  if (alignments.length === 0) return null;
  return (
    <span className="alignments">
      {alignments.map((alignment) => (
        <span key={alignment} className={`alignment ${alignmentClass(alignment)}`} title={alignment}>
          {alignment}
        </span>
      ))}
    </span>
  );
}

function ChampionState({ champion }: { champion: Champion }) {
  const badges: [boolean, string, string][] = [
    [champion.attacking, "attacking", "Attacking"],
    [champion.blocking, "blocking", "Blocking"],
    [champion.expended, "expended", "Expended"],
    [champion.flipped, "flipped", "Flipped"],
    [champion.deploying, "deploying", "Deploying"],
    [champion.token, "token", "Token"],
  ];
  const shown = badges.filter(([on]) => on);
  return (
    <>
      {champion.keywords.length > 0 && (
        <div className="keywords">
          {champion.keywords.map((keyword) => (
            <span key={keyword.name} className="keyword" title={keyword.reminder}>
              {keyword.name}
            </span>
          ))}
        </div>
      )}
      {shown.length > 0 && (
        <div className="badges">
          {shown.map(([, name, label]) => (
            <span key={name} className={`badge badge-${name}`}>
              {label}
            </span>
          ))}
        </div>
      )}
    </>
  );
}

type ChampionNumbers = { offense: number; defense: number; damage: number; counters: number };

/** A champion in play's offense and defense, with its damage and counters between them. */
export function ChampionStats({ offense, defense, damage, counters }: ChampionNumbers) {
  return (
    <div className="stats">
      <span className="offense" title="Offense">
        {offense}
      </span>
      {damage > 0 && (
        <Flash value={damage} className="damage">
          <span title="Damage">{damage} dmg</span>
        </Flash>
      )}
      {counters > 0 && (
        <span className="counters" title="Counters">
          +{counters}
        </span>
      )}
      <span className="defense" title="Defense">
        {defense}
      </span>
    </div>
  );
}

function Stats({ card }: { card: Card }) {
  if (isChampion(card)) {
    return <ChampionStats {...card} />;
  }
  if (card.offense === null && card.defense === null) return null;
  return (
    <div className="stats">
      <span className="offense" title="Offense">
        {card.offense ?? "–"}
      </span>
      <span className="defense" title="Defense">
        {card.defense ?? "–"}
      </span>
    </div>
  );
}

/** A card face: name, cost, alignments, kind, text, and for champions their state. */
export function CardTile({ card, actions, testId, fresh, small }: CardTileProps) {
  const showCard = useShowCard();
  const { pickable, enabled, pick, menu } = usePick(
    actions?.byCard.get(card.obj),
    actions,
  );
  const champion = isChampion(card) ? card : null;

  const activate = () => {
    if (enabled) pick();
    else showCard(card);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate();
    }
  };

  const classes = [
    "card",
    `kind-${card.kind}`,
    small ? "card-small" : "",
    pickable ? "pickable" : "",
    champion?.expended ? "is-expended" : "",
    champion?.attacking ? "is-attacking" : "",
    champion?.blocking ? "is-blocking" : "",
    champion?.flipped ? "is-flipped" : "",
    fresh ? "fresh" : "",
    actions?.hovered?.card === card.obj ? "hover-target" : "",
  ].filter(Boolean);

  return (
    <div
      className={classes.join(" ")}
      data-testid={testId}
      data-obj={card.obj}
      title={cardTitle(card)}
      role="button"
      tabIndex={0}
      aria-label={enabled ? `${card.name} (choose)` : card.name}
      onClick={activate}
      onKeyDown={onKeyDown}
    >
      <div className="card-head">
        <span className="card-name">{card.name}</span>
        <span className="cost" title={`Cost ${card.cost}`}>
          {card.cost}
        </span>
      </div>
      <div className="card-line">
        <span className="card-kind">{kindName(card)}</span>
        <Alignments alignments={card.alignments} />
      </div>
      {!small && card.text && <p className="card-text">{card.text}</p>}
      {champion && <ChampionState champion={champion} />}
      <Stats card={card} />
      {pickable && (
        <button
          type="button"
          className="card-info"
          aria-label={`About ${card.name}`}
          title="Card text"
          onClick={(event) => {
            event.stopPropagation();
            showCard(card);
          }}
        >
          i
        </button>
      )}
      {menu && <OptionMenu {...menu} />}
    </div>
  );
}
