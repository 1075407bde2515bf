//! Card ratings from `epic sim --card-ratings`: for every card, how many decks held it
//! and how often those decks won. Drafted or dealt decks change from game to game, so
//! over many games a card's deck win rate says how much it helps — the study a draft
//! bot's card rating is checked against. A tally holds one record per card of the pool
//! at most, however many games are played, and adds up the same whatever the threads.

use super::sim::wilson;
use serde::Serialize;
use std::collections::BTreeMap;

/// One card's record: the decks that held it, and how those decks did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Record {
    /// Decks that held at least one copy, one per seat and game.
    decks: u64,
    /// Those decks that won their game (alone or with their team).
    wins: u64,
    /// Copies in those decks, all together.
    copies: u64,
}

/// Records by card name, in any ruleset.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardTally {
    records: BTreeMap<String, Record>,
}

impl CardTally {
    /// Adds one game: each seat's deck, and whether that seat won.
    pub fn add(&mut self, decks: &[Vec<String>], won: impl Fn(usize) -> bool) {
        for (seat, deck) in decks.iter().enumerate() {
            let mut cards: Vec<&String> = deck.iter().collect();
            cards.sort_unstable();
            for run in cards.chunk_by(|a, b| a == b) {
                let r = self.records.entry(run[0].clone()).or_default();
                r.decks += 1;
                r.wins += u64::from(won(seat));
                r.copies += run.len() as u64;
            }
        }
    }

    pub fn merge(&mut self, other: &CardTally) {
        for (card, theirs) in &other.records {
            let r = self.records.entry(card.clone()).or_default();
            r.decks += theirs.decks;
            r.wins += theirs.wins;
            r.copies += theirs.copies;
        }
    }

    /// Every card played, best deck win rate first (ties: more decks, then by name).
    pub fn ratings(&self) -> Vec<CardRating> {
        let mut out: Vec<CardRating> = self
            .records
            .iter()
            .map(|(card, r)| CardRating {
                card: card.clone(),
                decks: r.decks,
                wins: r.wins,
                win_rate: r.wins as f64 / r.decks.max(1) as f64,
                win_rate_ci95: wilson(r.wins, r.decks),
                copies_per_deck: r.copies as f64 / r.decks.max(1) as f64,
            })
            .collect();
        out.sort_by(|a, b| {
            b.win_rate
                .total_cmp(&a.win_rate)
                .then(b.decks.cmp(&a.decks))
                .then_with(|| a.card.cmp(&b.card))
        });
        out
    }
}

/// A card's rating, as `--json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct CardRating {
    pub card: String,
    /// Decks that held the card (a deck counts once however many copies it held).
    pub decks: u64,
    /// Of those, the decks that won; a draw or an unfinished game is no win.
    pub wins: u64,
    pub win_rate: f64,
    pub win_rate_ci95: (f64, f64),
    pub copies_per_deck: f64,
}

/// The cards rated best and worst, `count` each, among those held by at least
/// `min_decks` decks, as report lines.
pub fn report_lines(ratings: &[CardRating], count: usize, min_decks: u64) -> Vec<String> {
    let seen: Vec<&CardRating> = ratings.iter().filter(|r| r.decks >= min_decks).collect();
    let line = |r: &CardRating| {
        format!(
            "    {:<28} {:>6.1}%  [{:.1}% – {:.1}%]  in {} decks, {:.1} copies each",
            r.card,
            r.win_rate * 100.0,
            r.win_rate_ci95.0 * 100.0,
            r.win_rate_ci95.1 * 100.0,
            r.decks,
            r.copies_per_deck
        )
    };
    let mut lines = vec![format!(
        "  card ratings: the win rate of the decks holding each card ({} of the {} cards \
         played, those in at least {} decks; --json lists all)",
        seen.len(),
        ratings.len(),
        min_decks
    )];
    if seen.is_empty() {
        return lines;
    }
    let best = count.min(seen.len());
    lines.push("   best:".into());
    lines.extend(seen[..best].iter().map(|r| line(r)));
    let worst = count.min(seen.len() - best);
    if worst > 0 {
        lines.push("   worst:".into());
        lines.extend(seen[seen.len() - worst..].iter().map(|r| line(r)));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_counts_once_per_deck_and_wins_with_its_deck() {
        let id = |name: &str| name.to_string();
        let (bolt, knight, kong) = (id("Angel of Light"), id("Cave Troll"), id("Fire Shaman"));
        let mut t = CardTally::default();
        // Seat 0 (two of the first card and one of the second) beats seat 1.
        let games = [
            [
                vec![bolt.clone(), knight.clone(), bolt.clone()],
                vec![kong.clone(), bolt],
            ],
            [vec![kong], vec![knight]],
        ];
        t.add(&games[0], |s| s == 0);
        // A draw: nobody won.
        t.add(&games[1], |_| false);
        let ratings = t.ratings();
        let of = |name: &str| ratings.iter().find(|r| r.card == name).unwrap();
        assert_eq!(
            (of("Angel of Light").decks, of("Angel of Light").wins),
            (2, 1)
        );
        assert_eq!(of("Angel of Light").copies_per_deck, 1.5);
        assert_eq!((of("Cave Troll").decks, of("Cave Troll").wins), (2, 1));
        assert_eq!((of("Fire Shaman").decks, of("Fire Shaman").wins), (2, 0));
        assert_eq!(ratings.last().unwrap().card, "Fire Shaman");
        // Tallies kept apart add up to the one kept together.
        let mut a = CardTally::default();
        let mut b = CardTally::default();
        a.add(&games[0], |s| s == 0);
        b.add(&games[1], |_| false);
        a.merge(&b);
        assert_eq!(a, t);
        let lines = report_lines(&ratings, 1, 2);
        assert!(
            lines[0].contains("3 of the 3 cards played, those in at least 2 decks"),
            "{lines:?}"
        );
        assert!(lines.iter().any(|l| l.contains("Fire Shaman")), "{lines:?}");
    }
}
