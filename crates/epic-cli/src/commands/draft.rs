//! `epic draft`: a draft against AI drafters in the terminal — Pack, Open, Cube or Dark
//! Draft — then building the deck, with its curve and alignments shown, and a game
//! against the other drafters with the decks drafted. Read from plain lines on stdin, as
//! `epic play` is.

use crate::commands::play::{play_game, read_line, typed_picks, Options, Pick};
use crate::draft_save::{DraftFile, DraftSeat, DraftSetup, SavedChoice};
use crate::error::{CliError, CliResult};
use crate::names;
use epic_bots::drafter::{drafter_by_name, Drafter, RatingDrafter};
use epic_cards::CardId;
use epic_engine::formats::draft::{
    collection, Draft, DraftChoice, DraftDecisionKind, DraftError, DraftFormat,
};
use epic_engine::Game;
use epic_model::{Alignment, CardPool, CardType};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The draft: sealed (2 – 8 players), pack-draft (3 – 8; five or more deal from two
    /// sets), open-draft (2), cube-draft (8) or dark-draft (2).
    #[arg(long, value_name = "NAME", value_parser = draft_names(), required_unless_present = "load")]
    pub format: Option<String>,
    /// Resume a draft saved with the `save FILE` command (--format, --players, --ai and
    /// --seed are then taken from the file).
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Sealed: the cards dealt to each player, 30 to 60 (default 45); you build exactly
    /// 30 from them. Only Sealed deals pools.
    #[arg(long, value_name = "N")]
    pub pool: Option<usize>,
    /// Drafters at the table, you included. Default: as many as one set deals to (4;
    /// Cube Draft 8; Open and Dark Draft 2).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: Option<u8>,
    /// Who drafts, and then plays, every other seat: a level (easy, medium, hard) or a
    /// bot (greedy, random, ismcts, ismcts@N), as for `epic play --ai`. All but random
    /// draft by the card rating.
    #[arg(long, default_value = "hard", value_name = "LEVEL|BOT")]
    pub ai: String,
    /// Seed of the deal and the bots; the same seed and the same picks give the same
    /// draft. Default: taken from the clock and printed.
    #[arg(long, allow_negative_numbers = true, value_parser = super::seed)]
    pub seed: Option<u64>,
    /// Write your deck to this deck-list file when the draft ends, with the cards you
    /// drafted but left out as comments (play it again with `epic play --deck FILE`).
    #[arg(long, value_name = "FILE")]
    pub save_deck: Option<PathBuf>,
    /// Stop when the draft ends instead of playing the other drafters.
    #[arg(long)]
    pub no_play: bool,
}

/// The Sealed pool dealt when none is asked for.
pub const DEFAULT_POOL: usize = 45;

fn draft_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(DraftFormat::ALL.map(DraftFormat::name))
}

const HELP: &str = "\
Commands:
  N            take option number N
  TEXT         the option whose label has these words (e.g. `pick kong`, `cut fireball`)
  show CARD    show a card's full text
  picks        show the cards you have drafted (not in Dark Draft: no looking back)
  auto         let the AI make this pick, or finish building your deck
  save FILE    save the draft to FILE (resume with `epic draft --load FILE`)
  quit         leave the draft
  help         this list";

/// A new draft from the command line: its setup, and the draft waiting on its first pick.
fn new_draft(args: &Args, pool: &Arc<CardPool>) -> CliResult<(DraftSetup, Draft)> {
    let name = args.format.as_deref().unwrap_or_default();
    let format = DraftFormat::named(name)
        .ok_or_else(|| CliError::input(format!("unknown draft '{name}'")))?;
    // By default as many as one set deals to (four; Cube Draft's eight).
    let seated = format.format().players;
    let players = args
        .players
        .unwrap_or_else(|| (*seated.end()).min(4).max(*seated.start()));
    let seed = args.seed.unwrap_or_else(crate::commands::play::clock_seed);
    drafter_by_name(&args.ai, seed).map_err(|e| CliError::input(e.to_string()))?;
    let sealed_pool = match (format, args.pool) {
        (DraftFormat::Sealed, size) => Some(size.unwrap_or(DEFAULT_POOL)),
        (_, None) => None,
        (_, Some(_)) => {
            return Err(CliError::input(format!(
                "--pool: {} deals no pools (only sealed does); leave out --pool",
                format.format().title
            )))
        }
    };
    let drafters = usize::from(players);
    let cards = collection(format, pool, drafters);
    let draft = Draft::start(pool.clone(), format, drafters, &cards, seed, sealed_pool).map_err(
        |e| match e {
            DraftError::PoolSize(_) => CliError::input(format!("--pool: {e}")),
            _ => CliError::input(format!("--players {players}: {e}")),
        },
    )?;
    let seats = (0..players)
        .map(|seat| DraftSeat {
            player: if seat == 0 {
                "human".into()
            } else {
                args.ai.trim().to_ascii_lowercase()
            },
            bot_seed: (seat > 0).then(|| seed.wrapping_add(u64::from(seat))),
        })
        .collect();
    let setup = DraftSetup::new(format, seed, seats, &cards, sealed_pool, pool);
    Ok((setup, draft))
}

pub fn run(args: Args) -> CliResult {
    draft_then_play(args, None)
}

/// The draft, then the game of its decks played with `options` (the standard ones when
/// `None`): `epic play` drafts this way when its format is drafted.
pub fn draft_then_play(args: Args, options: Option<Options>) -> CliResult {
    let pool = names::pool();
    let (setup, mut history, mut draft) = match &args.load {
        Some(path) => {
            let file = crate::save::read_draft(path)?;
            let draft = file.rebuild(&pool, None, |_, _, _, _| {})?;
            (file.setup, file.decisions, draft)
        }
        None => {
            let (setup, draft) = new_draft(&args, &pool)?;
            (setup, Vec::new(), draft)
        }
    };
    if setup.seats.first().map(|s| s.player.as_str()) != Some("human")
        || setup.seats[1..].iter().any(|s| s.player == "human")
    {
        return Err(CliError::input(
            "this saved draft does not have a human in seat 1 and AI drafters in the others",
        ));
    }
    let (format, seed, players) = (setup.draft, setup.seed, setup.seats.len());
    let ai = setup
        .seats
        .get(1)
        .map_or("greedy", |s| s.player.as_str())
        .to_string();
    // One drafter per AI seat, seeded as it was and moved on by the decisions made.
    let mut bots: Vec<Box<dyn Drafter + Send>> = Vec::new();
    for s in &setup.seats[1..] {
        let bot_seed = s
            .bot_seed
            .unwrap_or(seed)
            .wrapping_add(history.len() as u64);
        bots.push(
            drafter_by_name(&s.player, bot_seed).map_err(|e| CliError::input(e.to_string()))?,
        );
    }

    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let title = format.format().title;
    let others = players - 1;
    let others = format!(
        "{others} {ai} AI drafter{}",
        if others == 1 { "" } else { "s" }
    );
    // The rule as this table deals it: a Sealed pool's size is the one asked for.
    let rule = if format == DraftFormat::Sealed {
        let v = draft.view(0);
        format!(
            "Each of you is dealt {} cards and builds a deck of exactly {} from them",
            v.deck.len() + v.left_out.len(),
            v.min_deck
        )
    } else {
        format.format().summary.to_string()
    };
    writeln!(out, "{title}: you and {others}. {rule}.")?;
    if !history.is_empty() {
        writeln!(out, "Resumed after {} decisions.", history.len())?;
    }
    writeln!(
        out,
        "Seed: {seed} (draft this deal again with --seed {seed}). Type `help` for commands."
    )?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut helper = RatingDrafter::new(seed);
    let mut shown: Option<(usize, usize)> = None;
    while let Some(d) = draft.decision() {
        if d.drafter != 0 {
            let c = bots[d.drafter - 1].choose(&draft);
            apply(&mut draft, &mut history, c)?;
            continue;
        }
        let view = draft.view(0);
        // The pack is shown again only when it changed.
        let here = (
            view.round,
            view.pack.len() + view.deck.len() + view.left_out.len(),
        );
        if shown != Some(here) || d.kind == DraftDecisionKind::Build {
            writeln!(out)?;
            if d.kind == DraftDecisionKind::Build {
                write!(
                    out,
                    "{}",
                    deck_summary(&pool, &view.deck, view.min_deck, view.exact_deck)
                )?;
            } else {
                writeln!(
                    out,
                    "{} drafted so far{}.",
                    epic_game::words::count(view.pick_counts[0] as u64, "card", "cards"),
                    if format == DraftFormat::Dark {
                        " (Dark Draft: no looking back)"
                    } else {
                        ""
                    }
                )?;
            }
            shown = Some(here);
        }
        writeln!(out, "You: {}", d.prompt)?;
        // Listed sorted and, while building, grouped by alignment and cost; typed
        // numbers and words are read against the list as shown.
        let options: Vec<DraftChoice> = draft.options().to_vec();
        let order = listing_order(&pool, &options);
        let all_labels = draft.labels();
        let labels: Vec<String> = order.iter().map(|&i| all_labels[i].clone()).collect();
        let mut group = None;
        for (n, &i) in order.iter().enumerate() {
            let card = match options[i] {
                DraftChoice::Pick(c) | DraftChoice::Cut(c) | DraftChoice::Restore(c) => {
                    if d.kind == DraftDecisionKind::Build {
                        let heading = group_heading(&pool, options[i], c);
                        if group.as_ref() != Some(&heading) {
                            writeln!(out, "  {heading}")?;
                            group = Some(heading);
                        }
                    }
                    let grouped = d.kind == DraftDecisionKind::Build;
                    format!("  — {}", card_line(&pool, c, grouped))
                }
                DraftChoice::Done => String::new(),
            };
            writeln!(out, "  {:>2}. {}{card}", n + 1, labels[n])?;
        }
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = read_line(&mut input)? else {
            writeln!(out, "\nEnd of input: leaving the draft.")?;
            return Ok(());
        };
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match cmd.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" | "h" => writeln!(out, "{HELP}")?,
            "quit" | "exit" | "q" => {
                writeln!(out, "You leave the draft.")?;
                return Ok(());
            }
            "save" if rest.trim().is_empty() => writeln!(out, "Usage: save FILE")?,
            "save" => {
                let file = DraftFile::new(setup.clone(), history.clone());
                let path = rest.trim();
                match crate::save::write_json(std::path::Path::new(path), &file) {
                    Ok(()) => writeln!(
                        out,
                        "Saved to {path}. Resume with: epic draft --load {path}"
                    )?,
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
            "show" if !rest.trim().is_empty() => match names::find_card(&pool, rest.trim()) {
                Ok(id) => writeln!(out, "{}", crate::commands::cards::card_sheet(&pool, id))?,
                Err(e) => writeln!(out, "{e}")?,
            },
            "picks" if view.picks.is_empty() && format == DraftFormat::Dark => writeln!(
                out,
                "Dark Draft: your picks stay face down until the draft ends."
            )?,
            "picks" => {
                let names: Vec<String> = view
                    .picks
                    .iter()
                    .map(|&c| pool.get(c).name.clone())
                    .collect();
                writeln!(out, "Your picks ({}): {}", names.len(), names.join(", "))?
            }
            "auto" => {
                // The helper's choices, said as they are made.
                let mut chosen = Vec::new();
                loop {
                    let c = helper.choose(&draft);
                    chosen.push(label_of(&draft, c));
                    apply(&mut draft, &mut history, c)?;
                    let still_me = draft
                        .decision()
                        .is_some_and(|n| n.drafter == 0 && n.kind == DraftDecisionKind::Build);
                    if d.kind == DraftDecisionKind::Pick || !still_me {
                        break;
                    }
                }
                writeln!(out, "The AI's choice for you: {}.", chosen.join(", "))?;
            }
            _ => {
                let same = |i: usize, j: usize| labels[i] == labels[j];
                match typed_picks(line, &labels, &labels, same) {
                    Ok(picks) => {
                        // The draft's list is all there is: words that fit none of it
                        // are a mistake, and nothing is taken.
                        let listed: Result<Vec<usize>, String> = (picks.into_iter())
                            .map(|pick| match pick {
                                Pick::Listed(n) => Ok(n),
                                Pick::Later(words) => Err(words),
                            })
                            .collect();
                        let listed = match listed {
                            Ok(listed) => listed,
                            Err(words) => {
                                writeln!(out, "'{words}' is not one of the options.")?;
                                continue;
                            }
                        };
                        // Each in turn, while the draft still offers it (a second cut of
                        // a card once its copies are out is not).
                        for c in listed.into_iter().map(|n| options[order[n]]) {
                            if draft.decision().is_some_and(|n| n.drafter == 0)
                                && draft.options().contains(&c)
                            {
                                apply(&mut draft, &mut history, c)?;
                            } else {
                                writeln!(out, "{} is not offered now.", label_of(&draft, c))?;
                                break;
                            }
                        }
                    }
                    Err(why) => writeln!(out, "{why}")?,
                }
            }
        }
    }
    let decks = draft
        .decks()
        .ok_or_else(|| CliError::findings("the draft ended without decks"))?;
    let view = draft.view(0);
    writeln!(out, "\nThe draft is over.")?;
    write!(
        out,
        "{}",
        deck_summary(&pool, &decks[0], view.min_deck, view.exact_deck)
    )?;
    if let Some(path) = &args.save_deck {
        std::fs::write(
            path,
            deck_list(&pool, title, seed, &decks[0], &view.left_out),
        )
        .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
        writeln!(
            out,
            "Your deck is saved in {} (play it with `epic play --deck {}`).",
            path.display(),
            path.display()
        )?;
    }
    if args.no_play {
        return Ok(());
    }
    let setup = setup.game(&decks, &pool);
    Game::new(setup.to_setup(&pool)?).map_err(|e| CliError::input(e.to_string()))?;
    writeln!(out, "\nNow the game, with the decks drafted.")?;
    // The game reads and writes through locks of its own.
    drop((out, input));
    let options = match options {
        Some(options) => options,
        None => Options::standard()?,
    };
    let game = epic_rulesets::AnyPlayed::Epic(Box::new(epic_game::Played::start(setup)?));
    let stdin = std::io::stdin();
    play_game(game, None, options, &mut stdin.lock()).map(|_| ())
}

/// The order a decision's options are listed in: picks and the deck's cards, then the
/// cards left out, each sorted by alignment, cost and name; "done" last.
fn listing_order(pool: &CardPool, options: &[DraftChoice]) -> Vec<usize> {
    let key = |o: DraftChoice| match o {
        DraftChoice::Pick(c) | DraftChoice::Cut(c) => (0, group_of(pool, c), name_of(pool, c)),
        DraftChoice::Restore(c) => (1, group_of(pool, c), name_of(pool, c)),
        DraftChoice::Done => (2, (usize::MAX, u8::MAX), String::new()),
    };
    let mut order: Vec<usize> = (0..options.len()).collect();
    order.sort_by_cached_key(|&i| key(options[i]));
    order
}

/// A card's first alignment (in the order good, evil, sage, wild) and cost.
fn group_of(pool: &CardPool, c: CardId) -> (usize, u8) {
    let d = pool.get(c);
    let alignment = Alignment::ALL
        .into_iter()
        .position(|a| d.alignments.contains(a))
        .unwrap_or(Alignment::ALL.len());
    (alignment, d.cost)
}

fn name_of(pool: &CardPool, c: CardId) -> String {
    pool.get(c).name.clone()
}

/// The heading of a card's group while building: "In the deck — good, 0 gold:".
fn group_heading(pool: &CardPool, choice: DraftChoice, c: CardId) -> String {
    let place = match choice {
        DraftChoice::Restore(_) => "Left out",
        _ => "In the deck",
    };
    let (alignment, cost) = group_of(pool, c);
    let alignment = Alignment::ALL
        .get(alignment)
        .map_or("no alignment", |a| a.name());
    format!("{place} — {alignment}, {cost} gold:")
}

/// What the draft calls a choice now ("Cut Fireball").
fn label_of(draft: &Draft, c: DraftChoice) -> String {
    let i = draft.options().iter().position(|&o| o == c);
    i.and_then(|i| draft.labels().into_iter().nth(i))
        .unwrap_or_else(|| format!("{c:?}"))
}

/// Makes a decision and notes it for `save`.
fn apply(draft: &mut Draft, history: &mut Vec<SavedChoice>, c: DraftChoice) -> CliResult {
    draft
        .apply(c)
        .map_err(|e| CliError::findings(format!("the draft refused a choice: {e}")))?;
    history.push(SavedChoice::new(draft.pool(), c));
    Ok(())
}

/// "wild, 1 gold, 13/14 champion: Tribute → Deal 13 damage to target…", its rules
/// text cut short to keep the list one line a card; under a group's heading, which
/// names the alignment and cost, "13/14 champion: …" (a card of several alignments
/// still names them).
fn card_line(pool: &CardPool, c: CardId, grouped: bool) -> String {
    let d = pool.get(c);
    let aligns: Vec<&str> = Alignment::ALL
        .into_iter()
        .filter(|&a| d.alignments.contains(a))
        .map(|a| a.name())
        .collect();
    let text = epic_engine::words::one_line(&epic_cards::card_text(pool, c));
    let text = match text.char_indices().nth(SHORT_TEXT) {
        Some((at, _)) => format!(": {}…", text[..at].trim_end()),
        None if text.is_empty() => text,
        None => format!(": {text}"),
    };
    let kind = match d.kind {
        CardType::Champion => format!("{}/{} champion", d.offense, d.defense),
        CardType::God => "God card".to_string(),
        CardType::Event | CardType::Object => d.kind.name().to_string(),
    };
    let mut head = Vec::new();
    if !grouped || aligns.len() > 1 {
        head.push(aligns.join("/"));
    }
    if !grouped && d.kind != CardType::God {
        head.push(format!("{} gold", d.cost));
    }
    head.push(kind);
    head.join(", ") + &text
}

/// The characters of rules text a listed card shows.
const SHORT_TEXT: usize = 44;

/// The deck in numbers: size against the smallest allowed, champions and events, the
/// curve (0 and 1 gold), the alignments, and the 0-cost rule of Full Constructed (H-20)
/// as a guide to a sound mix.
pub fn deck_summary(pool: &CardPool, deck: &[CardId], min: usize, exact: bool) -> String {
    let count = |f: &dyn Fn(CardId) -> bool| deck.iter().filter(|&&c| f(c)).count();
    let champions = count(&|c| pool.get(c).kind == CardType::Champion);
    let free = count(&|c| pool.get(c).cost == 0);
    let mut s = format!(
        "Deck: {} cards ({} {min}): {} champions, {} events; {} cost 0, {} cost 1\n",
        deck.len(),
        if exact { "exactly" } else { "at least" },
        champions,
        deck.len() - champions,
        free,
        deck.len() - free
    );
    let mut parts = Vec::new();
    for a in Alignment::ALL {
        let of =
            |cost: u8| count(&|c| pool.get(c).alignments.contains(a) && pool.get(c).cost == cost);
        let (zero, one) = (of(0), of(1));
        if zero + one > 0 {
            let mark = if one >= 2 * zero {
                ""
            } else {
                " (fewer than two 1-cost per 0-cost)"
            };
            parts.push(format!(
                "{} {} ({zero} + {one}){mark}",
                a.name(),
                zero + one
            ));
        }
    }
    s += &format!("  alignments: {}\n", parts.join(", "));
    s
}

/// A deck-list file: the deck, and the cards drafted but left out as comments.
fn deck_list(pool: &CardPool, title: &str, seed: u64, deck: &[CardId], out: &[CardId]) -> String {
    let lines = |cards: &[CardId], prefix: &str| {
        let mut n: std::collections::BTreeMap<&str, usize> = Default::default();
        for &c in cards {
            *n.entry(pool.get(c).name.as_str()).or_insert(0) += 1;
        }
        n.into_iter()
            .map(|(name, k)| format!("{prefix}{k} {name}\n"))
            .collect::<String>()
    };
    let mut s = format!("# Drafted in {title}, seed {seed}: {} cards\n", deck.len());
    s += &lines(deck, "");
    if !out.is_empty() {
        s += "# Drafted and left out:\n";
        s += &lines(out, "# ");
    }
    s
}
