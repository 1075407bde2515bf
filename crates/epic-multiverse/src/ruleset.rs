//! The multiverse game behind both interfaces: what one seat may see ([`View`]), a
//! sample of what it cannot, the digest, [`State`] and [`Ruleset`].

use crate::card::CardId;
use crate::events::Event;
use crate::setup::{Format, MultiverseSetup};
use crate::state::*;
use crate::MultiverseGame;
use epic_game::save::Numbered;
use epic_game::words::{Asked, Line, Outcome, Page, Voice};
use epic_game::{CardInfo, DeckCheck, Fnv, Refused, Ruleset, Seat, SetupError, State};
use epic_game::{DeckRequest, TableRequest};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use std::hash::{Hash, Hasher};

/// What one seat may see of a game: everything in play, every graveyard and holding
/// area, its own hand, and of hands, decks and the face-down discard piles their sizes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub turn: u32,
    pub active: Seat,
    pub step: Step,
    pub goal: u32,
    pub players: Vec<PlayerView>,
    /// The attacks of the combat now: attacker and target by their names in play.
    pub attacks: Vec<(String, String)>,
    pub blocks: Vec<(String, String)>,
    /// Incidents in play (F-8.3).
    pub incidents: Vec<IncidentView>,
    pub decider: Option<Seat>,
    /// The pending options in words, when this seat decides.
    pub options: Vec<String>,
    pub winners: Option<Vec<Seat>>,
}

/// One Beyonder as a seat sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub points: u32,
    /// The seat's own hand by name; another's, how many cards.
    #[serde(serialize_with = "names_or_count")]
    pub hand: Result<Vec<String>, usize>,
    pub deck: usize,
    /// The discard pile is face down (§Discards): only its size.
    pub discard: usize,
    pub graveyard: Vec<String>,
    pub footholds: Vec<FootholdView>,
    pub characters: Vec<CharacterView>,
    pub holding: Vec<CharacterView>,
    pub redraws: u8,
    /// The hand shown at the last redraw.
    pub shown: Vec<String>,
    pub out: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FootholdView {
    pub name: String,
    pub energy: &'static str,
    pub tapped: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CharacterView {
    /// Its name in play, told apart from another of the same name: "Ash Ghoul (2)".
    pub name: String,
    pub card: String,
    pub combat: u8,
    pub defense: u8,
    pub wounds: u8,
    pub state: &'static str,
    pub tapped: bool,
    pub cost: u8,
    pub labels: Vec<String>,
    /// Its powers: "Energy Blast (plasma) 8".
    pub powers: Vec<String>,
    pub flying: bool,
    pub hidden: bool,
    pub poison: u8,
    /// Intangible: only Psi and Magic Blast reach it.
    pub intangible: bool,
    /// Invisible: only what it attacked in its side's last turn may attack it.
    pub invisible: bool,
    /// A Swarm marker, worth no points.
    pub marker: bool,
    /// The items attached to it.
    pub items: Vec<ItemView>,
}

/// An item on a character: its name and what it is doing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ItemView {
    pub name: String,
    pub state: ItemState,
}

/// An incident in play: its card, who played it, and on what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IncidentView {
    pub name: String,
    pub seat: Seat,
    pub on: String,
}

fn names_or_count<S: serde::Serializer>(
    hand: &Result<Vec<String>, usize>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match hand {
        Ok(names) => names.serialize(s),
        Err(n) => n.serialize(s),
    }
}

impl MultiverseGame {
    /// The name of character `id` in play or in a holding area, told apart from others
    /// of its name on the same side by its place among them.
    pub fn char_name(&self, id: CharId) -> String {
        let found = self.players.iter().find_map(|p| {
            [&p.characters, &p.holding]
                .into_iter()
                .find(|list| list.iter().any(|c| c.id == id))
        });
        let Some(list) = found else {
            return "a character".into();
        };
        let Some(ch) = list.iter().find(|c| c.id == id) else {
            return "a character".into();
        };
        let name = &self.pool.get(ch.card).name;
        let same: Vec<CharId> = list
            .iter()
            .filter(|c| c.card == ch.card)
            .map(|c| c.id)
            .collect();
        match same.iter().position(|&x| x == id) {
            Some(n) if same.len() > 1 => format!("{name} ({})", n + 1),
            _ => name.clone(),
        }
    }

    fn character_view(&self, ch: &InPlay) -> CharacterView {
        let card = self.pool.get(ch.card);
        CharacterView {
            name: self.char_name(ch.id),
            card: card.name.clone(),
            combat: self.combat_value(ch),
            defense: self.defense_value(ch),
            wounds: ch.wounds,
            state: ch.state_word(),
            tapped: ch.tapped,
            cost: card.cost,
            labels: card
                .labels()
                .into_iter()
                .chain(self.given_labels(ch))
                .chain(
                    ch.immune_to
                        .map(|k| format!("Immune ({}) rolled", k.name())),
                )
                .chain(ch.master.map(|m| {
                    let how = if m.enslaved { "Enslaved" } else { "Possessed" };
                    format!("{how} by {}", self.char_name(m.by))
                }))
                .collect(),
            powers: self.powers(ch).iter().map(|p| p.to_string()).collect(),
            flying: ch.flying,
            hidden: ch.hidden,
            poison: ch.poison,
            intangible: ch.intangible,
            invisible: ch.invisible,
            marker: ch.token,
            items: self
                .players
                .iter()
                .flat_map(|p| &p.items)
                .filter(|e| e.holder == ch.id)
                .map(|e| ItemView {
                    name: self.pool.get(e.card).name.clone(),
                    state: e.state,
                })
                .collect(),
        }
    }

    /// What `viewer` may see (`None`: what every seat sees).
    pub fn view(&self, viewer: Option<Seat>) -> View {
        let name = |c: &CardId| self.pool.get(*c).name.clone();
        View {
            seat: viewer,
            turn: self.turn,
            active: self.active,
            step: self.step,
            goal: self.goal,
            players: self
                .players
                .iter()
                .enumerate()
                .map(|(s, p)| PlayerView {
                    points: p.points,
                    hand: if viewer == Some(s as Seat) {
                        Ok(p.hand.iter().map(name).collect())
                    } else {
                        Err(p.hand.len())
                    },
                    deck: p.deck.len(),
                    discard: p.discard.len(),
                    graveyard: p.graveyard.iter().map(name).collect(),
                    footholds: p
                        .footholds
                        .iter()
                        .map(|f| FootholdView {
                            name: name(&f.card),
                            energy: f.energy.name(),
                            tapped: f.tapped,
                        })
                        .collect(),
                    characters: p
                        .characters
                        .iter()
                        .map(|c| self.character_view(c))
                        .collect(),
                    holding: p.holding.iter().map(|c| self.character_view(c)).collect(),
                    redraws: p.redraws,
                    shown: p.shown.iter().map(name).collect(),
                    out: p.out,
                })
                .collect(),
            attacks: self
                .attacks
                .iter()
                .map(|a| (self.char_name(a.attacker), self.char_name(a.target)))
                .collect(),
            blocks: self
                .blocks
                .iter()
                .map(|b| (self.char_name(b.blocker), self.char_name(b.target)))
                .collect(),
            incidents: crate::words::incidents(self, &Voice::numbered(viewer, self.players.len())),
            decider: self.decider,
            options: match viewer {
                Some(s) if self.decider == Some(s) => Ruleset::labels(self, s),
                _ => Vec::new(),
            },
            winners: self.winners.clone(),
        }
    }

    /// A whole game `seat` cannot tell from this one: the cards it cannot see (others'
    /// hands, every deck, every face-down discard pile) dealt anew from `seed`, each
    /// player's among their own places.
    pub fn sample_for(&self, seat: Seat, seed: u64) -> MultiverseGame {
        let mut g = self.clone();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for (s, p) in g.players.iter_mut().enumerate() {
            let own = s == usize::from(seat);
            let mut hidden: Vec<CardId> = p.deck.iter().chain(&p.discard).copied().collect();
            if !own {
                hidden.extend(&p.hand);
            }
            // Sorted first, so that the deal depends on which cards are hidden, never on
            // where they were.
            hidden.sort_unstable();
            hidden.shuffle(&mut rng);
            let mut dealt = hidden.into_iter();
            for slot in p.deck.iter_mut().chain(p.discard.iter_mut()) {
                *slot = dealt.next().unwrap_or(*slot);
            }
            if !own {
                for slot in &mut p.hand {
                    *slot = dealt.next().unwrap_or(*slot);
                }
            }
        }
        g.rng = Pcg64Mcg::seed_from_u64(rng.gen());
        if g.decider.is_some_and(|d| d != seat) {
            g.refresh_options();
        }
        g
    }

    /// A fingerprint of the whole game.
    pub fn digest(&self) -> u64 {
        let mut h = Fnv::default();
        self.players.hash(&mut h);
        (self.first, self.active, self.turn, self.step, self.done).hash(&mut h);
        (self.over_limit, &self.attacks, &self.blocks).hash(&mut h);
        (&self.heroics, self.heroic_seats).hash(&mut h);
        (self.goal, self.next_id, self.decider, &self.options).hash(&mut h);
        (&self.winners, self.ruled_over).hash(&mut h);
        (self.window, self.taken, &self.lasting).hash(&mut h);
        (self.variant, self.rounds, &self.last_attacks).hash(&mut h);
        (self.battle, self.opened, self.battle_over, self.chooser).hash(&mut h);
        self.rng.clone().gen::<u64>().hash(&mut h);
        h.finish()
    }
}

impl State for MultiverseGame {
    type Choice = Choice;

    fn seats(&self) -> usize {
        self.players.len()
    }

    /// The team: team-mates win together (F-15.3).
    fn side(&self, seat: Seat) -> usize {
        usize::from(self.team(seat))
    }

    fn decider(&self) -> Option<Seat> {
        self.decider
    }

    fn options(&self) -> &[Choice] {
        &self.options
    }

    fn apply(&mut self, choice: Choice) -> Result<(), Refused> {
        MultiverseGame::apply(self, choice)
    }

    fn winners(&self) -> Option<&[Seat]> {
        self.winners.as_deref()
    }

    fn sample_for(&self, seat: Seat, seed: u64) -> Self {
        MultiverseGame::sample_for(self, seat, seed)
    }

    fn label(&self, choice: Choice, seat: Seat) -> String {
        crate::words::label(self, choice, seat)
    }

    fn digest(&self) -> u64 {
        MultiverseGame::digest(self)
    }
}

/// `table` with the ready-made decks `decks`, seat by seat.
fn with_decks(mut table: TableRequest, decks: &[&str]) -> TableRequest {
    for (seat, deck) in table.seats.iter_mut().zip(decks) {
        seat.deck = DeckRequest::Named(deck.to_string());
    }
    table
}

/// The multiverse game behind the interface every front end uses.
impl Ruleset for MultiverseGame {
    const NAME: &'static str = "multiverse";
    const TITLE: &'static str = "Epic multiverse game (The Epic Rulebook 2.0)";
    const COST_UNIT: &'static str = "energy";

    type Setup = MultiverseSetup;
    type Record = Numbered;
    type Event = Event;
    type Board = crate::words::Board;
    type View = View;

    fn setup(request: &TableRequest) -> Result<MultiverseSetup, SetupError> {
        crate::setup::setup_for(request)
    }

    fn start(setup: &MultiverseSetup) -> Result<MultiverseGame, SetupError> {
        setup.start()
    }

    fn with_deck(
        setup: &MultiverseSetup,
        seat: Seat,
        deck: &DeckRequest,
    ) -> Result<MultiverseSetup, SetupError> {
        crate::setup::with_deck(setup, usize::from(seat), deck)
    }

    fn format_of(setup: &MultiverseSetup) -> Option<String> {
        setup.format.clone()
    }

    fn players(setup: &MultiverseSetup) -> Vec<epic_game::SeatPlayer> {
        setup
            .seats
            .iter()
            .map(epic_game::save::Seat::player)
            .collect()
    }

    fn seed(setup: &MultiverseSetup) -> u64 {
        setup.seed
    }

    fn record(&self, choice: Choice) -> Numbered {
        Numbered::of(self, choice, Self::conceding)
    }

    fn choice_of(&self, record: &Numbered) -> Result<Choice, SetupError> {
        record.choice_in(self, Self::concession)
    }

    fn concession(seat: Seat) -> Choice {
        Choice::Concede { seat }
    }

    fn conceding(choice: Choice) -> Option<Seat> {
        match choice {
            Choice::Concede { seat } => Some(seat),
            _ => None,
        }
    }

    fn apply_told(&mut self, choice: Choice) -> Result<Vec<Event>, SetupError> {
        MultiverseGame::apply(self, choice).map_err(|e| SetupError::new(e.to_string()))?;
        Ok(self.events.clone())
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn is_out(&self, seat: Seat) -> bool {
        self.players.get(usize::from(seat)).is_some_and(|p| p.out)
    }

    fn decision_kind(&self) -> Option<&'static str> {
        self.decider?;
        Some(self.step.word())
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        MultiverseGame::view(self, viewer)
    }

    fn tell(&self, choice: Choice, events: &[Event], voice: &Voice) -> Vec<Line> {
        crate::words::told(self, choice, events, voice)
    }

    fn opening(&self, voice: &Voice) -> Vec<Line> {
        crate::words::opening(self, voice)
    }

    fn board(&self, voice: &Voice) -> crate::words::Board {
        crate::words::board(self, voice)
    }

    fn page(&self, voice: &Voice) -> Page {
        crate::words::page(self, voice)
    }

    fn asked(&self, voice: &Voice) -> Option<Asked> {
        crate::words::asked(self, voice)
    }

    fn result_for(&self, voice: &Voice) -> Option<Outcome> {
        crate::words::outcome(self, voice)
    }

    fn cards() -> Vec<CardInfo> {
        let pool = crate::pool();
        pool.ids()
            .map(|id| crate::words::card_info(pool.get(id)))
            .collect()
    }

    fn explain(word: &str) -> Option<String> {
        crate::card::explain(word)
    }

    fn deck_names() -> Vec<&'static str> {
        crate::setup::deck_names()
    }

    /// The six colour decks, with and without items and incidents.
    fn usual_decks() -> Vec<&'static str> {
        crate::setup::usual_decks()
    }

    fn format_names() -> Vec<String> {
        Format::LISTED.map(String::from).to_vec()
    }

    fn has_format(name: &str) -> bool {
        Format::parse(name).is_ok()
    }

    fn variant_names() -> Vec<&'static str> {
        crate::variant::Variant::NAMES.to_vec()
    }

    /// `countdown-N` for a number N; teams at any table (their size is checked with
    /// the table).
    fn has_variant(name: &str) -> bool {
        let teams = (name == "teams").then_some(2);
        crate::variant::Variant::parse(Some(name), teams, 4).is_ok()
    }

    fn variant_numbers() -> Vec<epic_game::NumberAsked> {
        vec![
            crate::variant::Variant::COUNTDOWN,
            crate::variant::Variant::CAMPAIGN,
        ]
    }

    fn example_tables(seed: u64) -> Vec<TableRequest> {
        vec![
            TableRequest::of(2, seed),
            TableRequest::of(2, seed).in_format("standard"),
            TableRequest::of(3, seed),
            TableRequest::of(4, seed).in_format("mixed"),
            with_decks(
                TableRequest::of(2, seed).in_format("standard"),
                &["blue-gear", "red-gear"],
            ),
            TableRequest::of(4, seed).in_variant("teams"),
            TableRequest::of(2, seed).in_variant("countdown-6"),
            TableRequest::of(2, seed).in_variant("campaign-3"),
            TableRequest::of(3, seed).in_variant("campaign-2"),
            with_decks(
                TableRequest::of(3, seed).in_format("standard"),
                &["technological-gear", "alien-gear", "conditional"],
            ),
            with_decks(
                TableRequest::of(2, seed).in_format("restricted-moral"),
                &["red-heroes", "black-villains"],
            ),
        ]
    }

    fn check_deck(source: &str, format: Option<&str>, list: &str) -> Result<DeckCheck, SetupError> {
        let format = format.map(Format::parse).transpose()?;
        let pool = crate::pool();
        let mut check = DeckCheck {
            format: format.as_ref().map(Format::name),
            cards: Vec::new(),
            sideboard: Vec::new(),
            broken: Vec::new(),
        };
        match crate::setup::read_decklist(&pool, list) {
            Ok(cards) => {
                if let Err(why) = crate::setup::playable(&pool, &cards) {
                    check.broken.push(format!("{source}: the deck {why}"));
                }
                if let Some(f) = &format {
                    check.broken.extend(
                        f.check(&pool, &cards)
                            .iter()
                            .map(|b| format!("{source}: {b}")),
                    );
                }
                check.cards = cards.iter().map(|&c| pool.get(c).name.clone()).collect();
            }
            Err(mistakes) => {
                check.broken = mistakes.iter().map(|m| format!("{source}: {m}")).collect()
            }
        }
        Ok(check)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        crate::eval::win_chance(self, seat)
    }

    /// Every option in words, told apart where two read the same (a character healed of
    /// one name on each side).
    fn labels(&self, seat: Seat) -> Vec<String> {
        if self.decider != Some(seat) {
            return Vec::new();
        }
        let labels = self.options.iter().map(|&c| self.label(c, seat)).collect();
        epic_game::words::told_apart(labels)
    }

    fn seen_events(events: &[Event], seat: Seat) -> serde_json::Value {
        let seen: Vec<Event> = events.iter().map(|e| e.seen_by(seat)).collect();
        serde_json::to_value(seen).unwrap_or_default()
    }

    /// Ruled over at the turn limit (ruling M-12), or won.
    fn ending(&self) -> Option<epic_game::Ending> {
        self.winners.as_ref()?;
        Some(if self.ruled_over {
            epic_game::Ending::Limits
        } else {
            epic_game::Ending::Won
        })
    }

    /// "If you've just played the same opponent, the loser of the last game decides who
    /// goes first."
    const MATCH_RULE: Option<&'static str> = Some("F-6.7");

    fn rematch(
        setup: &MultiverseSetup,
        seed: u64,
        first: Option<Seat>,
    ) -> Result<MultiverseSetup, SetupError> {
        Ok(MultiverseSetup {
            seed,
            first_player: first,
            ..setup.clone()
        })
    }

    /// Every card of its deck wherever it is now, items and incidents in play included,
    /// Swarm markers aside.
    fn deck_cards(&self, seat: Seat) -> Vec<String> {
        let Some(p) = self.players.get(usize::from(seat)) else {
            return Vec::new();
        };
        let mut cards: Vec<CardId> = p
            .hand
            .iter()
            .chain(&p.deck)
            .chain(&p.discard)
            .chain(&p.graveyard)
            .chain(&p.removed)
            .copied()
            .chain(p.footholds.iter().map(|f| f.card))
            .chain(
                (p.characters.iter().chain(&p.holding))
                    .filter(|c| !c.token)
                    .map(|c| c.card),
            )
            .chain(p.items.iter().filter(|e| !e.built_in).map(|e| e.card))
            .chain(
                (self.lasting.iter())
                    .filter(|l| l.seat == seat && !l.device)
                    .map(|l| l.card),
            )
            .collect();
        cards.sort_unstable();
        cards
            .iter()
            .map(|&c| self.pool.get(c).name.clone())
            .collect()
    }

    fn scenario_position(
        header: usize,
        statements: &[epic_game::scenario::Statement],
    ) -> Result<Self, Vec<epic_game::scenario::Mistake>> {
        crate::scenario::position(header, statements)
    }

    fn scenario_expect(&self, expectation: &str) -> Option<Result<(), String>> {
        crate::scenario::expect(self, expectation)
    }

    fn lessons() -> Vec<epic_game::lesson::Lesson<Self>> {
        crate::lessons::lessons()
    }
}
