//! The classic game behind the ruleset-neutral interface ([`epic_game::State`]): labels
//! as a seat may read them, a sample of what a seat cannot see, the digest.

use crate::game::{Choice, ClassicGame};
use crate::save::ClassicSetup;
use crate::state::*;
use epic_game::save::Numbered;
use epic_game::words::{Asked, Line, Outcome, Voice};
use epic_game::{CardInfo, DeckCheck, Ruleset, SetupError, TableRequest};
use epic_game::{Fnv, Refused, Seat, State};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::hash::{Hash, Hasher};

/// What follows the name of a face-down card on the line in its owner's view.
pub const FACE_DOWN: &str = " (face down)";

/// What one seat may see of a classic game: everything public, and its own hand.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct View {
    pub seat: Seat,
    pub turn: u32,
    pub active: Seat,
    pub step: Step,
    pub window: Window,
    /// The player with priority.
    pub holder: Seat,
    pub players: Vec<PlayerView>,
    /// Cards in play in the order they came.
    pub in_play: Vec<InPlay>,
    /// The line, bottom first: the card's name, whether it is an ability, its controller.
    pub line: Vec<(String, bool, Seat)>,
    /// The item off the line that a decision waits on, as the line names its items: one
    /// being announced (its targets named), or one resolving (a choice asked as it does).
    pub pending: Option<(String, bool, Seat)>,
    /// Who decides now, and what kind of decision it is ([`Ask::word`]).
    pub decision: Option<(Seat, String)>,
    /// The pending options in words, when this seat decides.
    pub options: Vec<String>,
    pub winners: Option<Vec<Seat>>,
}

impl View {
    /// Where the turn stands, in words: "Build step", "Battle step, blockers declared".
    pub fn moment(&self) -> String {
        moment(self.step, self.window)
    }
}

fn moment(step: Step, window: Window) -> String {
    match (step, window) {
        (Step::Battle, Window::AfterAttack) => "Battle step, attackers declared".into(),
        (Step::Battle, Window::AfterBlock) => "Battle step, blockers declared".into(),
        (step, _) => step.name().into(),
    }
}

/// A card in play as a seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct InPlay {
    /// Its name; "Player N's veiled champion" for a face-down card the seat does not own.
    pub name: String,
    /// Face down (ruling C-10).
    pub veiled: bool,
    pub owner: Seat,
    pub controller: Seat,
    pub token: bool,
    /// +1 +1 counters on it.
    pub counters: u16,
    pub pose: Pose,
    pub damage: u16,
    /// A champion's offense and defense now; `None` for an object, and for a veiled
    /// champion the seat does not own.
    pub stats: Option<(i32, i32)>,
}

/// One player as a seat sees them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PlayerView {
    pub mojo: i32,
    pub actions: u8,
    /// Card names for the seat's own hand; for another's, only how many (in JSON, the
    /// list of names or the number).
    #[serde(serialize_with = "names_or_count")]
    pub hand: Result<Vec<String>, usize>,
    /// The cards in the hand that the player does not own: face up for every seat
    /// (T-12.10).
    pub shown: Vec<String>,
    pub deck: usize,
    /// The face-up pile of the cards the player owns (T-12.12).
    pub discard: Vec<String>,
    /// The face-up pile of the cards the player does not own (T-12.12).
    pub discard_foreign: Vec<String>,
    /// The player's cards removed from the game (T-11.4, T-12.6).
    pub removed: Vec<String>,
    pub out: bool,
}

fn names_or_count<S: serde::Serializer>(
    hand: &Result<Vec<String>, usize>,
    s: S,
) -> Result<S::Ok, S::Error> {
    use serde::Serialize;
    match hand {
        Ok(names) => names.serialize(s),
        Err(n) => n.serialize(s),
    }
}

impl ClassicGame {
    /// What `seat` may see (its own hand, everything public).
    pub fn view(&self, seat: Seat) -> View {
        let name = |o: &ObjId| self.name_for(*o, seat);
        View {
            seat,
            turn: self.turn,
            active: self.active,
            step: self.step,
            window: self.window,
            holder: self.holder,
            players: self
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let owned = |o: &&ObjId| self.objs[**o as usize].owner as usize == i;
                    PlayerView {
                        mojo: p.mojo,
                        actions: p.actions,
                        hand: if i == seat as usize {
                            Ok(p.hand.iter().map(name).collect())
                        } else {
                            Err(p.hand.len())
                        },
                        shown: p.hand.iter().filter(|o| !owned(o)).map(name).collect(),
                        deck: p.deck.len(),
                        discard: p.discard.iter().filter(owned).map(name).collect(),
                        discard_foreign: p.discard.iter().filter(|o| !owned(o)).map(name).collect(),
                        removed: self.removed(i as Seat).iter().map(name).collect(),
                        out: p.out,
                    }
                })
                .collect(),
            in_play: self
                .in_play
                .iter()
                .map(|&o| {
                    let obj = &self.objs[o as usize];
                    let seen = self.visible_to(o, seat);
                    InPlay {
                        name: name(&o),
                        veiled: obj.veiled,
                        owner: obj.owner,
                        controller: obj.controller,
                        token: self.card(o).token,
                        counters: obj.counters,
                        pose: obj.pose,
                        damage: obj.damage,
                        stats: (seen && self.card(o).is_champion()).then(|| {
                            let (off, def, _) = self.stats(o);
                            (off, def)
                        }),
                    }
                })
                .collect(),
            line: self.line.iter().map(|it| self.item_for(it, seat)).collect(),
            pending: self.pending_item().map(|it| self.item_for(it, seat)),
            decision: self.ask.as_ref().map(|(s, a)| (*s, a.word().to_string())),
            options: match &self.ask {
                Some((s, _)) if *s == seat => self.labels(seat),
                _ => Vec::new(),
            },
            winners: self.winners.clone(),
        }
    }

    /// A line item as `seat` may read it: its card's name, whether it is an ability, its
    /// controller.
    fn item_for(&self, it: &Item, seat: Seat) -> (String, bool, Seat) {
        let ability = it.source != Source::Card;
        let name = if ability {
            self.pool.get(it.card).name.clone()
        } else if self.objs[it.obj as usize].veiled && self.visible_to(it.obj, seat) {
            format!("{}{FACE_DOWN}", self.name_for(it.obj, seat))
        } else {
            self.name_for(it.obj, seat)
        };
        (name, ability, it.controller)
    }

    /// Whether `seat` can see which card `o` is now: anywhere but a deck, another
    /// player's hand, where only the cards its holder does not own are face up
    /// (T-12.10), and a veiled champion another player owns (ruling C-10).
    pub fn visible_to(&self, o: ObjId, seat: Seat) -> bool {
        let obj = &self.objs[o as usize];
        match obj.zone {
            Zone::Deck => false,
            Zone::Hand => obj.controller == seat || obj.owner != obj.controller,
            _ => !obj.veiled || obj.owner == seat,
        }
    }

    /// The name of a card as `seat` may read it: "a card from Player 2's hand" in a
    /// hand or deck not its own, "Player 2's veiled champion" face down.
    pub fn name_for(&self, o: ObjId, seat: Seat) -> String {
        let obj = &self.objs[o as usize];
        if self.visible_to(o, seat) {
            self.card(o).name.clone()
        } else if obj.veiled {
            format!("Player {}'s veiled champion", obj.owner + 1)
        } else {
            format!("a card from Player {}'s hand", obj.controller + 1)
        }
    }

    /// An option of the pending decision in words, as `seat` may read it.
    pub fn label_for(&self, c: Choice, seat: Seat) -> String {
        let name = |o: ObjId| self.name_for(o, seat);
        match c {
            Choice::Bottom(o) => format!("Mulligan {}", name(o)),
            Choice::Keep => match self.chosen.len() {
                0 => "Keep your hand".into(),
                n => format!("Done: put {n} on the bottom and draw {n}"),
            },
            Choice::Pass => {
                if !self.line.is_empty() || self.holder != self.active {
                    return "Pass".into();
                }
                // What the active player's pass on an empty line leads to, if all pass.
                match (self.step, self.window) {
                    (Step::Battle, Window::BeforeAttack) => "Pass (go to attacks)".into(),
                    (Step::Battle, Window::AfterAttack) => "Pass (go to blocks)".into(),
                    (Step::Battle, Window::AfterBlock) => "Pass (go to damage)".into(),
                    (step, _) => format!("Pass (end the {})", step.name()),
                }
            }
            Choice::Play(o) => {
                if self.objs[o as usize].controller == seat {
                    format!("Play {} ({})", name(o), self.card(o).type_line())
                } else {
                    format!("Play {}", name(o))
                }
            }
            Choice::PlayVeiled(o) => format!("Play {} face down (veiled, an action)", name(o)),
            Choice::Unveil(o) => format!("Unveil {}", name(o)),
            Choice::Activate(o, i) => format!(
                "Use {}: {}",
                name(o),
                self.card(o).activated[i as usize].text
            ),
            Choice::Target(Target::Obj(o)) => format!("Target {}", name(o)),
            Choice::Target(Target::Player(p)) => format!("Target Player {}", p + 1),
            Choice::Attacker(o) => format!("Attack with {}", name(o)),
            Choice::AttackPlayer(p) => format!("Attack Player {}", p + 1),
            Choice::Hunt(o) => format!("Hunt {}", name(o)),
            Choice::EndBattle => "End the Battle step".into(),
            Choice::Blocker(o) => format!("Block with {}", name(o)),
            Choice::NoMoreBlockers => {
                if self.chosen.is_empty() {
                    "Do not block".into()
                } else {
                    "Done blocking".into()
                }
            }
            Choice::Assign(o) => format!("1 damage to {}", name(o)),
            Choice::Discard(o) => format!("Discard {}", name(o)),
            Choice::Yes => "Yes".into(),
            Choice::No => "No".into(),
            Choice::Prefer(o) => format!("Apply {}'s as-trigger", name(o)),
            Choice::TriggerNext(o, _) => format!("Add {}'s ability to the line next", name(o)),
            Choice::Concede(p) => format!("Player {} concedes", p + 1),
        }
    }

    /// Every pending option in words, as `seat` may read them, told apart: where two read
    /// the same (two copies of a card in hand, two Bat Swarm tokens), each gets its
    /// ordinal among them, " (1)", " (2)", in the order the options come, which is the
    /// order of the hand and of the cards in play.
    pub fn labels(&self, seat: Seat) -> Vec<String> {
        epic_game::words::told_apart(
            self.options
                .iter()
                .map(|&c| self.label_for(c, seat))
                .collect(),
        )
    }

    /// What a decision did, in the words `seat` can read once it is taken: a card played
    /// is named once it is face up on the line. `self` is the game after `choice`, and
    /// `before` its label for `seat` before it was applied.
    pub fn said(&self, choice: Choice, before: String, seat: Seat) -> String {
        match choice {
            Choice::Play(o) => format!("Play {}", self.name_for(o, seat)),
            _ => before,
        }
    }

    /// The pending decision as a question to the seat that decides it.
    pub fn prompt(&self) -> Option<String> {
        let (_, ask) = self.ask.as_ref()?;
        let moment = moment(self.step, self.window);
        Some(match ask {
            Ask::Mulligan => {
                "Keep your hand, or put cards on the bottom of your deck and draw as many?".into()
            }
            Ask::Priority if self.line.is_empty() => {
                format!("You hold priority ({moment}): play, use or unveil a card, or pass.")
            }
            Ask::Priority => format!(
                "You hold priority with {} on the line ({moment}): respond, or pass.",
                match self.line.len() {
                    1 => "1 item".to_string(),
                    n => format!("{n} items"),
                }
            ),
            Ask::Target => "Choose a target.".into(),
            Ask::Attackers => "Choose your attackers, one at a time, and whom they attack.".into(),
            Ask::Blockers => "Choose your blockers, one at a time.".into(),
            Ask::AssignDamage { left, .. } => {
                format!("Assign battle damage: {left} left, one point at a time.")
            }
            Ask::Discard { left } => format!(
                "Discard down to the hand limit: {left} card{} more.",
                if *left == 1 { "" } else { "s" }
            ),
            Ask::May => "You may: do it?".into(),
            Ask::ChooseAs => {
                "Your as-triggers contradict each other: choose the one that applies.".into()
            }
            Ask::OrderTriggers => "Your when-triggers happened together: choose the one to \
                add to the line next (the last added resolves first)."
                .into(),
        })
    }

    /// A whole game `seat` cannot tell from this one: the cards it cannot see (other
    /// players' hands and decks, its own deck) dealt anew from `seed`; what every player
    /// knows of the bottom of a deck stays.
    pub fn sample_for(&self, seat: Seat, seed: u64) -> ClassicGame {
        let mut g = self.clone();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        // The face-down cards, in play or on the line (ruling C-10), in object order.
        let mut face_down: Vec<ObjId> = self
            .in_play
            .iter()
            .copied()
            .chain(
                self.line
                    .iter()
                    .chain(self.pending_item())
                    .filter(|it| it.source == Source::Card)
                    .map(|it| it.obj),
            )
            .filter(|&o| self.objs[o as usize].veiled)
            .collect();
        face_down.sort_unstable();
        for (p, player) in self.players.iter().enumerate() {
            let own = p == seat as usize;
            let mut known = player.public_bottom as usize;
            if own {
                known += player.mulligan_bottom as usize;
            }
            let known = known.min(player.deck.len());
            let mut slots: Vec<ObjId> = player.deck[known..].to_vec();
            // Its face-down champions.
            let mut veiled: Vec<ObjId> = Vec::new();
            if !own {
                // Cards in a hand that its holder does not own are face up (T-12.10).
                let hidden = |o: &&ObjId| self.objs[**o as usize].owner as usize == p;
                slots.extend(player.hand.iter().filter(hidden).copied());
                veiled.extend(face_down.iter().filter(|&&o| hidden(&&o)));
            }
            let mut cards: Vec<_> = slots
                .iter()
                .chain(&veiled)
                .map(|&o| self.objs[o as usize].card)
                .collect();
            // Sorted first, so that the deal depends on which cards are hidden, never on
            // where they were.
            cards.sort_unstable();
            cards.shuffle(&mut rng);
            // A face-down champion is one of the hidden cards with veiled: the first
            // such in the deal, and the rest of the deal fills the other places.
            for &o in &veiled {
                let i = cards
                    .iter()
                    .position(|&c| self.pool.get(c).keywords.veiled)
                    .unwrap_or(0);
                g.objs[o as usize].card = cards.remove(i);
            }
            for (&o, card) in slots.iter().zip(cards) {
                g.objs[o as usize].card = card;
            }
        }
        // A face-down card on the line resolves as the card it was dealt.
        for it in g
            .line
            .iter_mut()
            .chain(g.announcing.as_mut().map(|a| &mut a.item))
        {
            if it.source == Source::Card && g.objs[it.obj as usize].veiled {
                it.card = g.objs[it.obj as usize].card;
            }
        }
        g.rng = Pcg64Mcg::seed_from_u64(rng.gen());
        // The options of a hidden hand are recomputed from the dealt cards.
        if g.ask.as_ref().is_some_and(|(s, _)| *s != seat) {
            g.refresh_options();
        }
        g
    }

    /// A fingerprint of the whole game.
    pub fn digest(&self) -> u64 {
        let mut h = Fnv::default();
        self.objs.hash(&mut h);
        self.players.hash(&mut h);
        self.in_play.hash(&mut h);
        self.line.hash(&mut h);
        self.mods.hash(&mut h);
        self.triggers.hash(&mut h);
        (self.turn, self.first, self.active, self.step, self.window).hash(&mut h);
        (self.holder, self.passes, &self.attack, &self.chosen).hash(&mut h);
        (&self.announcing, &self.resolving, &self.ask).hash(&mut h);
        (&self.winners, &self.losses, self.decisions, self.rules).hash(&mut h);
        self.rng.clone().gen::<u64>().hash(&mut h);
        h.finish()
    }
}

impl State for ClassicGame {
    type Choice = Choice;

    fn seats(&self) -> usize {
        self.players.len()
    }

    fn side(&self, seat: Seat) -> usize {
        seat as usize
    }

    fn decider(&self) -> Option<Seat> {
        self.ask.as_ref().map(|a| a.0)
    }

    fn options(&self) -> &[Choice] {
        &self.options
    }

    fn apply(&mut self, choice: Choice) -> Result<(), Refused> {
        ClassicGame::apply(self, choice)
    }

    fn winners(&self) -> Option<&[Seat]> {
        self.winners.as_deref()
    }

    fn sample_for(&self, seat: Seat, seed: u64) -> Self {
        ClassicGame::sample_for(self, seat, seed)
    }

    fn label(&self, choice: Choice, seat: Seat) -> String {
        self.label_for(choice, seat)
    }

    fn digest(&self) -> u64 {
        ClassicGame::digest(self)
    }
}

/// What the classic game reports of a decision beyond the decision itself: nothing yet.
/// Its log is told from the game before and after each decision ([`crate::words::told`]).
#[derive(Clone, Debug, serde::Serialize)]
pub enum ClassicEvent {}

/// The classic game behind the interface every front end uses.
impl Ruleset for ClassicGame {
    const NAME: &'static str = crate::save::RULESET;
    const TITLE: &'static str = "Epic Trading Card Game (2009 rules)";
    /// A card costs the turn's action (1) or is free (0): T-4.2, T-4.3.
    const COST_UNIT: &'static str = "action";

    type Setup = ClassicSetup;
    type Record = Numbered;
    type Event = ClassicEvent;
    type Board = crate::words::ClassicBoard;
    type View = View;

    fn setup(request: &TableRequest) -> Result<ClassicSetup, SetupError> {
        crate::table::setup_for(request)
    }

    fn setup_picked(
        request: &TableRequest,
        pick: &mut epic_game::Picker,
    ) -> Result<Option<ClassicSetup>, SetupError> {
        crate::table::setup_picked(request, Some(pick))
    }

    fn start(setup: &ClassicSetup) -> Result<ClassicGame, SetupError> {
        setup.start()
    }

    fn with_deck(
        setup: &ClassicSetup,
        seat: Seat,
        deck: &epic_game::DeckRequest,
    ) -> Result<ClassicSetup, SetupError> {
        crate::table::with_deck(setup, usize::from(seat), deck)
    }

    fn format_of(setup: &ClassicSetup) -> Option<String> {
        setup.format.clone()
    }

    fn players(setup: &ClassicSetup) -> Vec<epic_game::SeatPlayer> {
        setup
            .seats
            .iter()
            .map(epic_game::save::Seat::player)
            .collect()
    }

    fn seed(setup: &ClassicSetup) -> u64 {
        setup.seed
    }

    fn record(&self, choice: Choice) -> Numbered {
        Numbered::of(self, choice, Self::conceding)
    }

    fn choice_of(&self, record: &Numbered) -> Result<Choice, SetupError> {
        record.choice_in(self, Self::concession)
    }

    fn concession(seat: Seat) -> Choice {
        Choice::Concede(seat)
    }

    fn conceding(choice: Choice) -> Option<Seat> {
        match choice {
            Choice::Concede(seat) => Some(seat),
            _ => None,
        }
    }

    fn apply_told(&mut self, choice: Choice) -> Result<Vec<ClassicEvent>, SetupError> {
        State::apply(self, choice).map_err(|e| SetupError::new(e.to_string()))?;
        Ok(Vec::new())
    }

    fn turn(&self) -> u32 {
        ClassicGame::turn(self)
    }

    fn is_out(&self, seat: Seat) -> bool {
        ClassicGame::is_out(self, seat)
    }

    fn decision_kind(&self) -> Option<&'static str> {
        self.ask().map(|(_, ask)| ask.word())
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        ClassicGame::view(self, viewer.unwrap_or(Seat::MAX))
    }

    fn tell(&self, choice: Choice, _events: &[ClassicEvent], voice: &Voice) -> Vec<Line> {
        let mut after = self.clone();
        if State::apply(&mut after, choice).is_err() {
            return Vec::new();
        }
        crate::words::told(self, &after, choice, voice)
    }

    fn opening(&self, voice: &Voice) -> Vec<Line> {
        // The mulligans come before the first turn, whose heading comes with it.
        if ClassicGame::turn(self) == 0 {
            Vec::new()
        } else {
            vec![crate::words::turn_heading(self, voice)]
        }
    }

    fn board(&self, voice: &Voice) -> crate::words::ClassicBoard {
        let view = ClassicGame::view(self, voice.viewer.unwrap_or(Seat::MAX));
        crate::words::board(self.pool(), &view, &voice.names)
    }

    fn page(&self, voice: &Voice) -> epic_game::words::Page {
        crate::words::page(self, voice)
    }

    fn asked(&self, voice: &Voice) -> Option<Asked> {
        crate::words::asked(self, voice)
    }

    fn result_for(&self, voice: &Voice) -> Option<Outcome> {
        crate::words::outcome(self, voice)
    }

    fn cards() -> Vec<CardInfo> {
        let pool = crate::classic_pool();
        pool.ids()
            .map(|id| crate::words::card_info(pool.get(id)))
            .collect()
    }

    fn explain(word: &str) -> Option<String> {
        crate::words::explain(word)
    }

    fn deck_names() -> Vec<&'static str> {
        crate::classic_deck_names()
    }

    /// A request's decks are designed: the limited formats build theirs from packs
    /// opened at the table.
    fn format_names() -> Vec<String> {
        vec![crate::format::Format::DESIGNED.name()]
    }

    fn has_format(name: &str) -> bool {
        crate::format::Format::parse(name).is_ok()
    }

    fn format_mistake(name: &str) -> Option<String> {
        use crate::format::FormatError;
        match crate::format::Format::parse(name) {
            Err(FormatError::UnknownFormat { .. }) | Ok(_) => None,
            Err(e) => Some(e.to_string()),
        }
    }

    fn variant_names() -> Vec<&'static str> {
        vec!["ffa"]
    }

    fn example_tables(seed: u64) -> Vec<TableRequest> {
        vec![
            TableRequest::of(2, seed),
            TableRequest::of(3, seed),
            TableRequest::of(4, seed),
        ]
    }

    fn check_deck(source: &str, format: Option<&str>, list: &str) -> Result<DeckCheck, SetupError> {
        let format = format
            .map(|f| {
                crate::format::Format::parse(f)
                    .map_err(|e| SetupError::new(format!("format {f}: {e}")))
            })
            .transpose()?;
        if let Some(f) = format.filter(|f| f.is_limited()) {
            return Err(SetupError::new(format!(
                "{} decks are built from the cards opened or drafted: epic play and epic sim \
                 --ruleset classic --format {} deal and check them",
                f.title(),
                f.name()
            )));
        }
        let pool = crate::classic_pool();
        let mut check = DeckCheck {
            format: format.map(|f| f.title()),
            cards: Vec::new(),
            sideboard: Vec::new(),
            broken: Vec::new(),
        };
        match crate::read_decklist(&pool, list) {
            Ok(list) => {
                if let Err(why) = crate::playable(&pool, &list.deck) {
                    check.broken.push(format!("{source}: the deck {why}"));
                }
                if let Some(f) = format {
                    let broken = f.check(&pool, crate::format::Lists::printed(), &[], &list);
                    check.broken.extend(
                        broken
                            .iter()
                            .map(|v| format!("{source}: {}: {v}", f.title())),
                    );
                }
                check.cards = pool.names(&list.deck);
                check.sideboard = pool.names(&list.sideboard);
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

    /// More than one player left in a game that is over: it ended as decks ran out (its
    /// players win, T-3.3), or at the decision limit, drawn.
    fn ending(&self) -> Option<epic_game::Ending> {
        self.winners.as_ref()?;
        Some(if self.decisions >= MAX_DECISIONS {
            epic_game::Ending::Limits
        } else if self.alive_count() > 1 {
            epic_game::Ending::DeckedOut
        } else {
            epic_game::Ending::Won
        })
    }

    fn first_to_lose(&self) -> Vec<Seat> {
        ClassicGame::first_to_lose(self)
    }

    const MATCH_RULE: Option<&'static str> = Some("T-2.4");

    fn labels(&self, seat: Seat) -> Vec<String> {
        if self.decider() != Some(seat) {
            return Vec::new();
        }
        ClassicGame::labels(self, seat)
    }

    fn rematch(
        setup: &ClassicSetup,
        seed: u64,
        first: Option<Seat>,
    ) -> Result<ClassicSetup, SetupError> {
        Ok(ClassicSetup {
            seed,
            first_player: first,
            ..setup.clone()
        })
    }

    /// Who sits where; in a limited format, the viewer's deck as it was built from the
    /// cards they opened or drafted, which they have not seen whole.
    fn introduction(setup: &ClassicSetup, voice: &Voice) -> String {
        let seated =
            epic_game::ruleset::seated(Self::TITLE, &<Self as Ruleset>::players(setup), voice);
        let format = (setup.format.as_deref()).and_then(|f| crate::format::Format::parse(f).ok());
        let mine = voice.viewer.and_then(|s| setup.seats.get(usize::from(s)));
        let (Some(format), Some(mine)) = (format.filter(|f| f.is_limited()), mine) else {
            return seated;
        };
        let mut names = mine.cards.clone();
        names.sort_unstable();
        format!(
            "{seated}\nYour {} deck ({} cards): {}.",
            format.title(),
            names.len(),
            names.join(", ")
        )
    }

    fn sideboarded(setup: &ClassicSetup, seat: Seat) -> Option<epic_game::series::Sideboarded> {
        crate::table::sideboarded(setup, usize::from(seat))
    }

    fn with_sideboarded(
        setup: &ClassicSetup,
        seat: Seat,
        list: &epic_game::series::Sideboarded,
    ) -> Result<ClassicSetup, SetupError> {
        crate::table::with_sideboarded(setup, usize::from(seat), list)
    }

    fn deck_cards(&self, seat: Seat) -> Vec<String> {
        self.objs
            .iter()
            .filter(|o| o.owner == seat && !self.pool.get(o.card).token)
            .map(|o| self.pool.get(o.card).name.clone())
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
