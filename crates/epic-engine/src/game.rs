use crate::actions::Engine;
use crate::choice::{Choice, Decision, DecisionKind};
use crate::config::{RulesConfig, Setup};
use crate::error::{ApplyError, SetupError};
use crate::events::Event;
use crate::ids::{ObjId, ObjNum, PlayerId};
use crate::state::{Ask, GameState, Obj, Phase, Player, Step, Zone};
use epic_game::Fnv;
use epic_model::{CardId, CardPool};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// Why a game ended (1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Every opponent's health reached 0 or less (1.2.2).
    Health,
    /// The winner tried to draw from an empty deck (1.2.1).
    DrewFromEmptyDeck,
    /// Effects ran [`MAX_STEPS`](crate::MAX_STEPS) steps with no decision between: the
    /// game could never go on, and is a draw (docs/rulings.md R-11).
    Loop,
    /// Effects tried to make a token in a game that already holds
    /// [`MAX_OBJECTS`](crate::MAX_OBJECTS) objects: a draw (docs/rulings.md R-11).
    ObjectLimit,
    /// Hunter – First Blood: a player was eliminated, and the player to their right won
    /// (FMT-12).
    FirstBlood,
    /// A card said its player wins (Chamberlain Kark: twice the starting health).
    CardEffect,
    /// Every opponent left but one player or team, the last by conceding (1.2.2).
    Conceded,
}

/// A champion's derived numbers and keywords, from [`Game::stats`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    pub offense: i32,
    pub defense: i32,
    pub keywords: epic_model::Keywords,
}

/// The outcome of a finished game. No winner means everyone left was eliminated at once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub winners: Vec<PlayerId>,
    pub reason: EndReason,
    pub turns: u16,
}

/// A game of Epic: a state, the card pool it uses, and the snapshot that makes the last
/// play reversible (3.7).
#[derive(Clone, Debug)]
pub struct Game {
    pool: Arc<CardPool>,
    state: GameState,
    undo: Option<Box<GameState>>,
    undo_enabled: bool,
}

impl Game {
    /// Sets up a game: decks shuffled, first player drawn from the seed unless given,
    /// opening hands drawn (1.8.1); the first decision is a mulligan (1.8.4).
    pub fn new(setup: Setup) -> Result<Game, SetupError> {
        for (seat, deck) in setup.decks.iter().enumerate() {
            // A God card is not part of the deck (1.3.2).
            let count = deck
                .iter()
                .filter(|c| (c.0 as usize) >= setup.pool.len() || !setup.pool.get(**c).is_god())
                .count();
            if count < setup.rules.opening_hand as usize {
                return Err(SetupError::DeckTooSmall {
                    seat,
                    count,
                    needed: setup.rules.opening_hand as usize,
                });
            }
        }
        let mut game = Game::build(setup)?;
        let opening = game.state.rules.opening_hand as u32;
        let mut eng = game.engine(None);
        for p in 0..eng.st.num_players() as PlayerId {
            eng.draw(p, opening);
        }
        eng.advance();
        Ok(game)
    }

    /// The game before anyone draws: decks shuffled, first player chosen.
    fn build(setup: Setup) -> Result<Game, SetupError> {
        let n = setup.decks.len();
        setup.rules.check_seats(n)?;
        setup.rules.validate()?;
        let mut rng = Pcg64Mcg::seed_from_u64(setup.seed);
        // Room for the tokens a game creates, so making one rarely moves every card.
        let cards: usize = setup.decks.iter().map(Vec::len).sum();
        if cards > crate::config::MAX_CARDS {
            return Err(SetupError::TooManyCards {
                count: cards,
                max: crate::config::MAX_CARDS,
            });
        }
        let mut objs = Vec::with_capacity(cards + 32);
        let mut players = Vec::new();
        let mut gods = SmallVec::new();
        for (seat, list) in setup.decks.iter().enumerate() {
            for &card in list {
                if card.0 as usize >= setup.pool.len() {
                    return Err(SetupError::UnknownCard { seat, id: card.0 });
                }
                let def = setup.pool.get(card);
                if def.token {
                    return Err(SetupError::TokenInDeck {
                        seat,
                        name: def.name.clone(),
                    });
                }
            }
            // A God card starts face up in the Supplemental zone, not in the deck (1.3.2,
            // 2.4.1); a player brings at most one.
            let (god, deck): (Vec<CardId>, Vec<CardId>) =
                list.iter().partition(|&&c| setup.pool.get(c).is_god());
            if god.len() > 1 {
                return Err(SetupError::TwoGods { seat });
            }
            // The objects are shuffled, then numbered: an object's id and number say
            // where it lies in the deck, not which line of the deck list it came from.
            let base = objs.len();
            objs.extend(
                deck.iter()
                    .map(|&c| Obj::new(c, seat as PlayerId, Zone::Deck)),
            );
            objs[base..].shuffle(&mut rng);
            for (i, obj) in objs.iter_mut().enumerate().skip(base) {
                obj.number = ObjNum(i as u32);
            }
            let ids: Vec<ObjId> = (base..objs.len()).map(|i| ObjId(i as u16)).collect();
            for &c in &god {
                let mut obj = Obj::new(c, seat as PlayerId, Zone::Supplemental);
                obj.number = ObjNum(objs.len() as u32);
                gods.push(ObjId(objs.len() as u16));
                objs.push(obj);
            }
            players.push(Player {
                health: setup.rules.seat_health(),
                gold: 0,
                hand: Vec::with_capacity(16),
                deck: ids,
                discard: Vec::with_capacity(deck.len()),
                eliminated: false,
                played_this_turn: Default::default(),
                pending_gain: 0,
                play_powers: SmallVec::new(),
                discard_powers: SmallVec::new(),
                bonus_gold: 0,
                bonus_for: Default::default(),
                damaged_by: SmallVec::new(),
                cost1_plays: 0,
                no_health_gain: false,
                conceded: false,
            });
        }
        let objs_len = objs.len();
        // A team goes first as one: its first seat begins the turn (Hydra, H-31).
        let k = setup.rules.team_size.max(1);
        let first = match setup.first_player {
            Some(p) if (p as usize) < n => p / k * k,
            Some(p) => return Err(SetupError::FirstPlayer(p)),
            None if k > 1 => rng.gen_range(0..n / k as usize) as PlayerId * k,
            None => rng.gen_range(0..n) as PlayerId,
        };
        let state = GameState {
            rules: setup.rules.clone(),
            objs,
            players,
            in_play: Vec::with_capacity(48),
            statics_in_play: SmallVec::new(),
            continuous: Default::default(),
            supplemental: SmallVec::new(),
            gods,
            turn: 1,
            active: first,
            first_player: first,
            phase: Phase::Setup,
            step: Step::Mulligan(0),
            battle: None,
            declaring: SmallVec::new(),
            no_attacks: false,
            mods: Vec::with_capacity(32),
            control_reverts: SmallVec::new(),
            frames: Vec::with_capacity(4),
            batch: Vec::with_capacity(16),
            waiting: Vec::with_capacity(16),
            delayed: Vec::with_capacity(4),
            winners: SmallVec::new(),
            end_reason: None,
            next_number: objs_len as u32,
            rng,
            ask: None,
            undo_player: None,
            undo_clean: false,
            checked: false,
            damaged: false,
            trigger_kinds: 0,
            spare_options: Vec::with_capacity(32),
        };
        let mut state = state;
        state.note_trigger_kinds(&setup.pool);
        Ok(Game {
            pool: setup.pool,
            state,
            undo: None,
            undo_enabled: true,
        })
    }

    /// A game with no cards at all, waiting on nothing: the base a position is placed on.
    pub(crate) fn empty(
        pool: Arc<CardPool>,
        rules: RulesConfig,
        players: usize,
        seed: u64,
    ) -> Game {
        let decks = (0..players).map(|_| Vec::new()).collect();
        Game::build(Setup {
            rules,
            pool,
            decks,
            seed,
            first_player: Some(0),
        })
        .expect("an empty game is always valid")
    }

    pub(crate) fn state_mut(&mut self) -> &mut GameState {
        &mut self.state
    }

    /// Runs the engine forward from a state placed by hand.
    pub(crate) fn resume(&mut self) {
        self.engine(None).advance();
    }

    fn engine<'a>(&'a mut self, events: Option<&'a mut Vec<Event>>) -> Engine<'a> {
        Engine {
            st: &mut self.state,
            pool: &self.pool,
            events,
        }
    }

    /// Turns the reversal of plays (3.7) off, for bots and simulations that never undo:
    /// it saves a state clone per play. A play that could be undone no longer can.
    pub fn set_undo(&mut self, enabled: bool) {
        self.undo_enabled = enabled;
        if !enabled {
            self.undo = None;
            self.state.undo_player = None;
            if let Some(ask) = self.state.ask.as_mut() {
                ask.options.retain(|&c| c != Choice::Undo);
            }
        }
    }

    pub fn pool(&self) -> &Arc<CardPool> {
        &self.pool
    }

    /// The whole state, hidden information included. Players see [`Game::view`].
    pub fn state(&self) -> &GameState {
        &self.state
    }

    pub fn rules(&self) -> &RulesConfig {
        &self.state.rules
    }

    pub fn is_over(&self) -> bool {
        self.state.is_over()
    }

    pub fn result(&self) -> Option<GameResult> {
        let reason = self.state.end_reason?;
        Some(GameResult {
            winners: self.state.winners.to_vec(),
            reason,
            turns: self.state.turn,
        })
    }

    fn pending(&self) -> Option<&Ask> {
        self.state.ask.as_ref()
    }

    /// The pending decision, or `None` when the game is over.
    pub fn decision(&self) -> Option<Decision> {
        let ask = self.pending()?;
        Some(Decision {
            player: ask.player,
            kind: ask.kind,
            prompt: self.prompt(ask),
        })
    }

    /// The player who must decide now, or `None` when the game is over: what
    /// [`Game::decision`] says without putting its prompt in words, for programs that
    /// ask at every step.
    pub fn decider(&self) -> Option<PlayerId> {
        self.pending().map(|a| a.player)
    }

    /// The legal options of the pending decision (empty when the game is over).
    pub fn options(&self) -> &[Choice] {
        self.pending().map_or(&[], |a| &a.options)
    }

    /// Applies one option of the pending decision and returns the events it caused. An
    /// option not offered now is an error and changes nothing.
    pub fn apply(&mut self, choice: Choice) -> Result<Vec<Event>, ApplyError> {
        let mut events = Vec::new();
        self.apply_inner(choice, Some(&mut events))?;
        Ok(events)
    }

    /// [`Game::apply`] without collecting events: the fast path for bots and simulation.
    pub fn apply_quiet(&mut self, choice: Choice) -> Result<(), ApplyError> {
        self.apply_inner(choice, None)
    }

    /// Applies option number `index` of [`Game::options`], without collecting events: for
    /// bots and searches that choose by position, so the choice need not be looked up
    /// among the options. The same game follows as from `apply_quiet(options()[index])`.
    pub fn apply_option(&mut self, index: usize) -> Result<(), ApplyError> {
        let ask = self.pending().ok_or(ApplyError::GameOver)?;
        match ask.options.get(index) {
            Some(&choice) => {
                let player = ask.player;
                self.apply_legal(player, choice, None);
                Ok(())
            }
            None => Err(ApplyError::NoSuchOption {
                index,
                count: ask.options.len(),
            }),
        }
    }

    fn apply_inner(
        &mut self,
        choice: Choice,
        events: Option<&mut Vec<Event>>,
    ) -> Result<(), ApplyError> {
        let ask = self.pending().ok_or(ApplyError::GameOver)?;
        if let Choice::Concede(player) = choice {
            return self.concede_inner(player, events);
        }
        if !ask.options.contains(&choice) {
            // In the decider's own words: a probe naming a hidden card learns nothing.
            return Err(ApplyError::Illegal(self.label_for(choice, ask.player)));
        }
        let player = ask.player;
        self.apply_legal(player, choice, events);
        Ok(())
    }

    /// 1.2.2: `player` concedes, whoever is deciding; [`Choice::Concede`] applied does
    /// the same, and is how saves record it. Their last play can no longer be undone.
    pub fn concede(&mut self, player: PlayerId) -> Result<Vec<Event>, ApplyError> {
        let mut events = Vec::new();
        self.apply_inner(Choice::Concede(player), Some(&mut events))?;
        Ok(events)
    }

    fn concede_inner(
        &mut self,
        player: PlayerId,
        events: Option<&mut Vec<Event>>,
    ) -> Result<(), ApplyError> {
        let seat = self.state.players.get(usize::from(player));
        if !seat.is_some_and(|p| !p.eliminated && !p.conceded) {
            return Err(ApplyError::CannotConcede(player));
        }
        self.undo = None;
        self.state.undo_player = None;
        let mut eng = self.engine(events);
        eng.concede(player);
        eng.advance();
        Ok(())
    }

    /// Applies a choice known to be one of the options `player` was asked for.
    fn apply_legal(&mut self, player: PlayerId, choice: Choice, events: Option<&mut Vec<Event>>) {
        if matches!(choice, Choice::Undo) {
            if let Some(before) = self.undo.take() {
                self.state = *before;
                self.state.undo_player = None;
                // 3.7.1: the play before it started another sequence; it stays made.
                if let Some(ask) = self.state.ask.as_mut() {
                    ask.options.retain(|&c| c != Choice::Undo);
                }
                if let Some(ev) = events {
                    ev.push(Event::Undone { player });
                }
            }
            return;
        }
        if self.state.undo_player.is_some_and(|p| p != player) {
            self.state.undo_clean = false;
        }
        let is_play = matches!(choice, Choice::Play { .. } | Choice::Power { .. });
        if is_play && self.undo_enabled {
            // The snapshot holds the pending decision too, so undoing restores it.
            self.undo = Some(Box::new(self.state.clone()));
            self.state.undo_player = Some(player);
            self.state.undo_clean = true;
        } else if is_play {
            self.state.undo_player = None;
        }
        let mut eng = self.engine(events);
        eng.answer(choice);
        eng.advance();
        if self.state.undo_player.is_none() || !self.state.undo_clean {
            self.undo = None;
        }
    }

    /// A fingerprint of the whole state, hidden information and the random generator
    /// included: equal digests mean equal games.
    pub fn digest(&self) -> u64 {
        let mut h = Fnv::default();
        self.state.hash_into(&mut h);
        h.finish()
    }

    /// A label for an option, in words.
    pub fn label(&self, c: Choice) -> String {
        crate::options::label(&self.state, &self.pool, c)
    }

    /// The number of the card an option of the pending decision is about (a card to
    /// play, a power's champion, a trigger's source, a champion to damage), as its
    /// decider sees it: what a front end points at beside the option's words.
    pub fn option_number(&self, c: Choice) -> Option<ObjNum> {
        crate::options::number_of(&self.state, c)
    }

    /// The label of an option of the pending decision as `seat` may read it: in full
    /// unless it names a card that seat cannot see (then "a card from Player 2's hand").
    /// See also [`Game::option_number`].
    /// What replays and logs of other seats' decisions show, and what a refused choice
    /// tells the player who made it.
    pub fn label_for(&self, c: Choice, seat: PlayerId) -> String {
        crate::options::label_for(&self.state, &self.pool, c, seat)
    }

    /// Labels for all options of the pending decision, made unique where two would read
    /// the same (two Wolf tokens).
    pub fn labels(&self) -> Vec<String> {
        crate::options::labels(&self.state, &self.pool, self.options())
    }

    /// What `Choice::Branch(b)` of the pending "either … or …" would do, as the card
    /// language's steps, for a front end to put in words (`epic_cards::steps_text`).
    pub fn branch_steps(&self, b: u8) -> Option<&[epic_model::Sentence]> {
        let f = self.state.frames.last()?;
        match &crate::effects::script_steps(&self.pool, f)
            .get(f.pc as usize)?
            .action
        {
            epic_model::Action::Either(branches) => branches.get(b as usize).map(Vec::as_slice),
            _ => None,
        }
    }

    fn prompt(&self, ask: &Ask) -> String {
        crate::options::prompt(&self.state, &self.pool, ask)
    }

    /// The derived offense, defense and keywords of a champion in play (rule 3.3), without
    /// building a whole [`Game::view`]: what evaluations in a search call many times.
    pub fn stats(&self, obj: ObjId) -> Option<Stats> {
        let o = self.state.objs.get(obj.0 as usize)?;
        if o.zone != Zone::InPlay {
            return None;
        }
        let look = crate::stats::Look::new(&self.state, &self.pool);
        Some(Stats {
            offense: look.offense(obj),
            defense: look.defense(obj),
            keywords: look.keywords(obj),
        })
    }

    /// What the player may see (rule 1.10).
    pub fn view(&self, player: PlayerId) -> crate::view::View {
        crate::view::View::new(&self.state, &self.pool, player)
    }

    /// Who holds initiative, if anyone.
    pub fn initiative(&self) -> Option<PlayerId> {
        self.state.initiative()
    }

    pub fn decision_kind(&self) -> Option<DecisionKind> {
        self.pending().map(|a| a.kind)
    }
}

impl GameState {
    fn hash_into<H: Hasher>(&self, h: &mut H) {
        self.rules.hash(h);
        self.objs.hash(h);
        self.players.hash(h);
        self.in_play.hash(h);
        // The index's sources, one per card as the index once held them, so that a game
        // keeps the digest its saves recorded.
        let sources: SmallVec<[ObjId; 8]> = self.static_sources().collect();
        sources.hash(h);
        self.supplemental.hash(h);
        // Only games with God cards hash them, so games without keep their digests.
        if !self.gods.is_empty() {
            self.gods.hash(h);
        }
        (
            self.turn,
            self.active,
            self.first_player,
            self.phase,
            self.step,
        )
            .hash(h);
        self.battle.hash(h);
        self.declaring.hash(h);
        self.no_attacks.hash(h);
        self.mods.hash(h);
        self.control_reverts.hash(h);
        self.frames.hash(h);
        self.batch.hash(h);
        self.waiting.hash(h);
        self.delayed.hash(h);
        self.winners.hash(h);
        self.end_reason.hash(h);
        self.ask.hash(h);
        self.rng.clone().gen::<u64>().hash(h);
    }
}
