//! Rules text generated from a definition, in printed Epic style, so that what a card
//! says and what it does cannot drift apart.

use epic_model::*;

/// What the last choice of an effect picked, so "it" can read as "that player" or
/// "its controller".
#[derive(Clone, Copy, PartialEq)]
enum Picked {
    Nothing,
    Player,
    Object,
}

struct W<'p> {
    pool: &'p CardPool,
    picked: Picked,
    /// The last choice picked several objects: "it" reads "them".
    it_plural: bool,
    /// Say "you" before a verb (inside "... and you draw a card").
    explicit_you: bool,
}

impl<'p> W<'p> {
    /// A writer at the start of an effect: nothing picked yet.
    fn new(pool: &'p CardPool) -> Self {
        W {
            pool,
            picked: Picked::Nothing,
            it_plural: false,
            explicit_you: false,
        }
    }
}

/// A sentence's first letter in upper case.
pub fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A sentence's first letter in lower case, for a sentence inside another.
fn uncap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn words(n: u8) -> String {
    const W: [&str; 11] = [
        "zero", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    W.get(n as usize)
        .map(|s| s.to_string())
        .unwrap_or_else(|| n.to_string())
}

fn plural(n: &Amount, one: &str, many: &str) -> String {
    match n {
        Amount::Fixed(1) | Amount::Count { each: 1, .. } => format!("a {one}"),
        Amount::Count { each, .. } => format!("{} {many}", words(*each)),
        Amount::Fixed(k) => format!("{} {many}", words(*k)),
        Amount::XPlus(0) => format!("X {many}"),
        Amount::XPlus(k) => format!("X+{k} {many}"),
        Amount::PerRevealed(k) => plural(&Amount::Fixed(*k), one, many),
        _ => format!("a {one}"),
    }
}

fn num(n: &Amount) -> String {
    match n {
        Amount::Fixed(k) => k.to_string(),
        Amount::XPlus(0) => "X".into(),
        Amount::XPlus(k) => format!("X+{k}"),
        Amount::DamageOnThis => "damage equal to the damage on this card".into(),
        Amount::ItsOffense => "its offense".into(),
        Amount::ChampionsInDiscard => "the number of champions in their discard pile".into(),
        Amount::Count { each, .. } | Amount::PerRevealed(each) => each.to_string(),
        Amount::TheirBrokenThisWay => "the number of their champions broken this way".into(),
    }
}

/// "Airborne ◆ Blitz" style names joined with commas and a final "and".
fn join_and(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

fn mods(offense: i8, defense: i8, keywords: Keywords) -> String {
    let mut items: Vec<String> = keywords.iter().map(|k| k.name().to_string()).collect();
    if offense != 0 {
        items.push(format!("{offense:+} {{offense}}"));
    }
    if defense != 0 {
        items.push(format!("{defense:+} {{defense}}"));
    }
    join_and(&items)
}

impl W<'_> {
    /// A filter as a noun phrase: "other good champions you control" (plural) or
    /// "evil champion" (singular).
    fn filter(&self, f: &Filter, many: bool) -> String {
        let mut pre: Vec<String> = Vec::new();
        let in_play = f.zone == ZoneFilter::InPlay;
        if f.whose == Whose::You && in_play {
            pre.push("your".into());
        }
        if f.whose == Whose::Defending {
            pre.push("the defending player's".into());
        }
        if f.other {
            pre.push("other".into());
        }
        if f.whose == Whose::Opponents && in_play {
            pre.push("opposing".into());
        }
        // "human tokens" rather than "token human champions".
        let token_noun = f.token == Some(true) && f.class.is_some();
        if f.token == Some(false) {
            pre.push("non-token".into());
        }
        if f.attacking {
            pre.push("attacking".into());
        }
        let rare = f.rare.as_deref().cloned().unwrap_or_default();
        if rare.damaged {
            pre.push("damaged".into());
        }
        if rare.blocking {
            pre.push("blocking".into());
        }
        if rare.expended {
            pre.push("expended".into());
        }
        if let Some(a) = rare.not_alignment {
            pre.push(format!("non-{}", a.name()));
        }
        if let Some(c) = rare.not_class {
            pre.push(format!("non-{}", self.pool.class_name(c).to_lowercase()));
        }
        if let Some(c) = f.cost {
            pre.push(format!("{{{c}}}"));
        }
        if let Some(a) = f.alignment {
            pre.push(a.name().into());
        }
        if let Some(c) = f.class {
            pre.push(self.pool.class_name(c).to_lowercase());
        }
        // "target evil token champion".
        if f.token == Some(true) && !token_noun {
            pre.push("token".into());
        }
        let noun = match (f.kind, in_play) {
            _ if token_noun => "token",
            (Some(CardType::Champion), true) => "champion",
            (Some(CardType::Champion), false) => "champion card",
            (Some(CardType::Event), _) => "event card",
            (Some(CardType::God), _) => "God card",
            (Some(CardType::Object), true) => "object",
            (Some(CardType::Object), false) => "object card",
            (None, _) => "card",
        };
        pre.push(if many {
            format!("{noun}s")
        } else {
            noun.to_string()
        });
        let mut s = pre.join(" ");
        match (f.zone, f.whose) {
            (ZoneFilter::InPlay, Whose::It) => s.push_str(if self.picked == Picked::Player {
                " that player controls"
            } else {
                " they control"
            }),
            (ZoneFilter::DiscardPile, Whose::You) => s.push_str(" in your discard pile"),
            (ZoneFilter::DiscardPile, Whose::It) => s.push_str(" in that player's discard pile"),
            (ZoneFilter::DiscardPile, _) => s.push_str(" in any discard pile"),
            (ZoneFilter::Hand, _) => s.push_str(" in your hand"),
            (ZoneFilter::Revealed, _) => s.push_str(" among them"),
            _ => {}
        }
        if rare.damaged_you {
            s.push_str(" that damaged you this turn");
        }
        if !rare.without.is_empty() {
            let k: Vec<String> = rare.without.iter().map(|k| k.name().to_string()).collect();
            s.push_str(&format!(" without {}", k.join(" or ")));
        }
        if let Some(name) = &rare.not_named {
            // The card's own spelling, when the pool has it.
            let shown = self
                .pool
                .by_name(name)
                .map_or_else(|| name.clone(), |id| self.pool.get(id).name.clone());
            s.push_str(&format!(" not named {shown}"));
        }
        match &rare.defense_at_most {
            Some(Amount::Fixed(n)) => s.push_str(&format!(" with {n} {{defense}} or less")),
            Some(Amount::Count { of, .. }) => s.push_str(&format!(
                " with {{defense}} less than or equal to the number of {}",
                self.filter(of, true)
            )),
            _ => {}
        }
        if f.broken_this_turn {
            s.push_str(" that was broken this turn");
        }
        if f.same_name_as_it {
            s.push_str(" with the same name as it");
        }
        s
    }

    /// " for each wolf you control" after an amount that counts, else nothing.
    fn for_each(&self, n: &Amount) -> String {
        match n {
            Amount::Count { of, .. } => format!(" for each {}", self.each_of(of)),
            _ => String::new(),
        }
    }

    /// What "for each" counts: "wolf you control", "champion card in that player's
    /// discard pile".
    fn each_of(&self, f: &Filter) -> String {
        if f.whose == Whose::You && f.zone == ZoneFilter::InPlay {
            self.you_control(f, true)
        } else {
            self.filter(f, false)
        }
    }

    /// One of your champions, said with "you control" after it: "{1} champion you
    /// control"; with `class_alone`, a class names its champions ("wolf you control").
    fn you_control(&self, f: &Filter, class_alone: bool) -> String {
        let g = Filter {
            whose: Whose::Any,
            ..f.clone()
        };
        let what = self.filter(&g, false);
        let bare_class = class_alone
            && g.class.is_some()
            && g.kind == Some(CardType::Champion)
            && g.token.is_none();
        let what = if bare_class {
            what.trim_end_matches(" champion")
        } else {
            &what
        };
        format!("{what} you control")
    }

    fn spec(&self, t: &TargetSpec, target: bool) -> String {
        let word = if target { "target " } else { "" };
        match (&t.objects, t.players) {
            (Some(_), Some(PlayerFilter::Any)) if t.count == 1 && !t.up_to => "a target".into(),
            (Some(_), Some(_)) if t.up_to => format!("each of up to {} targets", words(t.count)),
            (Some(_), Some(_)) => format!("{} targets", words(t.count)),
            (None, Some(PlayerFilter::Opponent)) => format!("{word}opponent"),
            (None, Some(_)) => format!("{word}player"),
            (Some(f), None)
                if target
                    && t.count == 1
                    && f.whose == Whose::You
                    && f.zone == ZoneFilter::InPlay =>
            {
                format!("target {}", self.you_control(f, false))
            }
            (Some(f), None) => {
                if t.count == 0 {
                    format!("{}X {}", word, self.filter(f, true))
                } else if t.count == 1 {
                    if target && t.per_revealed {
                        format!("a target {}", self.filter(f, false))
                    } else if target && f.other {
                        let g = Filter {
                            other: false,
                            ..f.clone()
                        };
                        format!("another target {}", self.filter(&g, false))
                    } else if target {
                        format!("target {}", self.filter(f, false))
                    } else if f.other {
                        let g = Filter {
                            other: false,
                            ..f.clone()
                        };
                        format!("another {}", self.filter(&g, false))
                    } else {
                        // "a champion you control", not "a your champion".
                        let n = if f.whose == Whose::You && f.zone == ZoneFilter::InPlay {
                            self.you_control(f, false)
                        } else {
                            self.filter(f, false)
                        };
                        let article = if n.starts_with(['a', 'e', 'i', 'o', 'u']) {
                            "an"
                        } else {
                            "a"
                        };
                        format!("{article} {n}")
                    }
                } else {
                    let up = if t.up_to { "up to " } else { "" };
                    format!("{up}{} {word}{}", words(t.count), self.filter(f, true))
                }
            }
            (None, None) => "nothing".into(),
        }
    }

    fn sel(&self, s: &Sel, each: bool) -> String {
        match s {
            Sel::This => "this card".into(),
            Sel::It if self.it_plural => "them".into(),
            Sel::It => "it".into(),
            Sel::Subject => "that champion".into(),
            Sel::Target(t) => self.spec(t, true),
            Sel::Choose(t)
                if t.count == 1
                    && t.objects.as_ref().is_some_and(|f| {
                        *f == Filter {
                            zone: ZoneFilter::Revealed,
                            ..Filter::default()
                        }
                    }) =>
            {
                "one of them".into()
            }
            Sel::Choose(t) => self.spec(t, false),
            Sel::All(f) if f.whose == Whose::Defending => {
                format!("each of {}", self.filter(f, true))
            }
            Sel::All(f) if each => format!("each {}", self.filter(f, false)),
            Sel::All(f) => format!("all {}", self.filter(f, true)),
            Sel::Players(w) => self.who(w),
            Sel::AllChampionsAndPlayers => "each champion and player".into(),
            Sel::Rest => "the rest".into(),
        }
    }

    fn sel_is_plural(s: &Sel) -> bool {
        match s {
            Sel::All(_) | Sel::AllChampionsAndPlayers => true,
            Sel::Target(t) | Sel::Choose(t) => t.count != 1,
            _ => false,
        }
    }

    fn who(&self, w: &Who) -> String {
        match w {
            Who::You => "you".into(),
            Who::EachOpponent => "each opponent".into(),
            Who::EachPlayer => "each player".into(),
            Who::ActivePlayer => "the player whose turn it is".into(),
            Who::It if self.picked == Picked::Player => "that player".into(),
            Who::It => "its controller".into(),
            Who::ItsOwner => "its owner".into(),
            Who::Subject => "that player".into(),
            Who::Target(PlayerFilter::Opponent) => "target opponent".into(),
            Who::Target(_) => "target player".into(),
        }
    }

    /// "you draw" / "each opponent draws".
    fn subject(&self, w: &Who, verb: &str, may: bool) -> String {
        match (w, may) {
            (Who::You, true) => format!("you may {verb}"),
            (Who::You, false) if self.explicit_you => format!("you {verb}"),
            (Who::You, false) => verb.to_string(),
            (w, true) => format!("{} may {verb}", self.who(w)),
            (w, false) => {
                let v = if verb.ends_with('s') || verb.ends_with("sh") || verb.ends_with("ch") {
                    format!("{verb}es")
                } else {
                    format!("{verb}s")
                };
                format!("{} {v}", self.who(w))
            }
        }
    }

    fn action(&self, a: &Action, may: bool) -> String {
        let m = if may { "you may " } else { "" };
        match a {
            Action::Bind(s) => format!("{m}choose {}", self.sel(s, false)),
            Action::Draw { who, n } => format!("{} {}{}", self.subject(who, "draw", may), plural(n, "card", "cards"), self.for_each(n)),
            Action::Discard { who, n } => format!("{} {}{}", self.subject(who, "discard", may), plural(n, "card", "cards"), self.for_each(n)),
            Action::BanishFromHand { who, n } => {
                let their = if *who == Who::You { "your" } else { "their" };
                format!("{} {} from {their} hand", self.subject(who, "banish", may), plural(n, "card", "cards"))
            }
            Action::PayGold(g) => format!("{m}pay {{{g}}}"),
            Action::GainGold { n: g, only } => match only {
                None => format!("{m}gain {{{g}}}"),
                Some(a) => format!("{m}gain {{{g}}}. This may only be used to play {} cards and powers", a.name()),
            },
            Action::RevealTop { n, whose } => {
                let deck = match whose {
                    Who::You => "your deck".to_string(),
                    w => format!("{}'s deck", self.who(w)),
                };
                let what = match n {
                    Amount::Fixed(1) => "card".to_string(),
                    n => plural(n, "card", "cards"),
                };
                format!("{m}reveal the top {what} of {deck}")
            }
            Action::Play { sel, free: true } => format!("{m}play {} without paying its cost", self.sel(sel, false)),
            Action::Play { sel, free: false } => format!("{m}play {}, paying all costs", self.sel(sel, false)),
            Action::BreaksOwn(who) => format!("{} a champion they control", self.subject(who, "break", may)),
            Action::WinWithHealth { times } => {
                let t = if *times == 2 { "twice".to_string() } else { format!("{times} times") };
                format!("if you have at least {t} your starting health, you win the game")
            }
            Action::LoseAbilities(sel) => {
                let (verb, its) = if W::sel_is_plural(sel) && !matches!(sel, Sel::All(_)) {
                    ("lose", "their")
                } else {
                    ("loses", "its")
                };
                format!("{} {verb} {its} powers and abilities this turn", self.sel(sel, true))
            }
            Action::GainHealth { who, n } => match n {
                Amount::ItsOffense => format!("{} health equal to its offense", self.subject(who, "gain", may)),
                Amount::Count { each, of } => format!(
                    "{} {each} health for each {}",
                    self.subject(who, "gain", may),
                    self.each_of(of)
                ),
                n => format!("{} {} health", self.subject(who, "gain", may), num(n)),
            },
            Action::LoseHealth { who, n } => {
                let verb = if may { "pay" } else { "lose" };
                format!("{} {} health{}", self.subject(who, verb, may), num(n), self.for_each(n))
            }
            Action::Damage { to, n: Amount::Count { each, of } } => format!(
                "{m}deal {each} damage to {} for each {}",
                self.sel(to, true),
                self.each_of(of)
            ),
            Action::Damage { to, n: Amount::TheirBrokenThisWay } => format!(
                "{m}deal damage to {} equal to the number of their champions broken this way",
                self.sel(to, true)
            ),
            Action::Damage { to, n } => format!("{m}deal {} damage to {}", num(n), self.sel(to, true)),
            Action::CannotGainHealth(who) => {
                let cannot = if *who == Who::You && !self.explicit_you {
                    "you cannot".to_string()
                } else {
                    format!("{} cannot", self.who(who))
                };
                format!("{cannot} gain health this turn")
            }
            Action::EachMayPutFromHand => {
                "then (starting with you) each player may put a champion from their hand into play"
                    .into()
            }
            Action::Reenter(s) => format!(
                "{m}remove {} from play, then return it to play prepared under its owner's control",
                self.sel(s, false)
            ),
            Action::DamageDivided { total, max_targets } => {
                format!("{m}deal {total} damage divided any way you choose among up to {} targets", words(*max_targets))
            }
            Action::DamageInOrder { amounts } => {
                let parts: Vec<String> = amounts
                    .iter()
                    .enumerate()
                    .map(|(i, d)| {
                        let ord = ["first", "second", "third", "fourth", "fifth", "sixth"].get(i).copied().unwrap_or("next");
                        format!("{d} damage to the {ord}")
                    })
                    .collect();
                format!("{m}choose {} targets. Deal {}", words(amounts.len() as u8), join_and(&parts))
            }
            Action::Break(s) => format!("{m}break {}", self.sel(s, false)),
            Action::Banish(s) => format!("{m}banish {}", self.sel(s, false)),
            Action::ReturnToHand(s @ Sel::Choose(t))
                if t.objects.as_ref().is_some_and(|f| f.zone == ZoneFilter::Revealed) =>
            {
                format!("{m}put {} into your hand", self.sel(s, false))
            }
            Action::ReturnToHand(s) => {
                let from_discard = match s {
                    Sel::Target(t) | Sel::Choose(t) => {
                        t.objects.as_ref().is_some_and(|f| f.zone == ZoneFilter::DiscardPile && f.whose == Whose::You)
                    }
                    _ => false,
                };
                let to = if from_discard || *s == Sel::This {
                    "your hand"
                } else if W::sel_is_plural(s) {
                    "their owners' hands"
                } else {
                    "its owner's hand"
                };
                format!("{m}return {} to {to}", self.sel(s, false))
            }
            Action::PutIntoPlay { sel, under, silent } => {
                let mut t = if *sel == Sel::This {
                    format!("{m}return this card to play")
                } else {
                    format!("{m}put {} into play", self.sel(sel, false))
                };
                let others = sp_whose(sp_filter(sel));
                match under {
                    Who::ItsOwner => t.push_str(" under their owners' control"),
                    Who::You if others => t.push_str(" under your control"),
                    _ => {}
                }
                if *silent {
                    t.push_str(" without triggering tribute or loyalty abilities");
                }
                t
            }
            Action::Transform { sel, token } => {
                format!("{m}transform {} into a {} token", self.sel(sel, true), token.to_lowercase())
            }
            Action::Expend(s) => format!("{m}expend {}", self.sel(s, false)),
            Action::Prepare(s) => format!("{m}prepare {}", self.sel(s, false)),
            Action::Modify { sel, offense, defense, keywords, duration } => {
                let stats_only = keywords.is_empty();
                // "It" as the subject of several: "they gain".
                let they = *sel == Sel::It && self.it_plural;
                let verb = match (W::sel_is_plural(sel) || they, stats_only) {
                    (true, true) => "get",
                    (true, false) => "gain",
                    (false, true) => "gets",
                    (false, false) => "gains",
                };
                let turn = if *duration == Duration::ThisTurn { " this turn" } else { "" };
                let who = if they { "they".to_string() } else { self.sel(sel, false) };
                let who = if let Some(rest) = who.strip_prefix("all your ") { format!("your {rest}") } else { who };
                let verb = if may { "may gain" } else { verb };
                format!("{who} {verb} {}{turn}", mods(*offense, *defense, *keywords))
            }
            Action::Grant { sel, ability, duration } => {
                let verb = if W::sel_is_plural(sel) { "gain" } else { "gains" };
                let turn = if *duration == Duration::ThisTurn { " this turn" } else { "" };
                let who = self.sel(sel, false);
                let who = if let Some(rest) = who.strip_prefix("all your ") { format!("your {rest}") } else { who };
                let granted = Ability { zone: AbilityZone::InPlay, kind: AbilityKind::Triggered((**ability).clone()) };
                let text = W::new(self.pool).abilities(&[&granted]).join(" ");
                format!("{m}{who} {verb} \"{text}\"{turn}")
            }
            Action::AddCounters { sel, n } => match n {
                Amount::DamageOnThis => format!(
                    "{m}put a +1 {{offense}} +1 {{defense}} counter on {} for each point of damage it took this turn",
                    self.sel(sel, false)
                ),
                n => format!(
                    "{m}put {} on {}",
                    plural(n, "+1 {offense} +1 {defense} counter", "+1 {offense} +1 {defense} counters"),
                    self.sel(sel, false)
                ),
            },
            Action::GainControl { sel, duration } => {
                let turn = if *duration == Duration::ThisTurn { " this turn" } else { "" };
                format!("{m}gain control of {}{turn}", self.sel(sel, false))
            }
            Action::CreateTokens { token, n, who, expended } => {
                let t = token.to_lowercase();
                let what = match n {
                    Amount::ChampionsInDiscard => {
                        let their = if *who == Who::You { "your" } else { "their" };
                        format!("a {t} token into play for each champion in {their} discard pile")
                    }
                    Amount::TheirBrokenThisWay => {
                        format!("a {t} token into play for each of their champions broken this way")
                    }
                    Amount::Count { each: 1, of } if of.token == Some(true) => {
                        return format!("{m}double the number of {}", self.filter(of, true));
                    }
                    Amount::Count { each, of } => format!(
                        "{} into play for each {}",
                        plural(&Amount::Fixed(*each), &format!("{t} token"), &format!("{t} tokens")),
                        self.each_of(of)
                    ),
                    n => format!("{} into play", plural(n, &format!("{t} token"), &format!("{t} tokens"))),
                };
                let expended = if *expended { " expended" } else { "" };
                format!("{} {what}{expended}", self.subject(who, "put", may))
            }
            Action::Recycle => format!("{m}recycle"),
            Action::Recall => format!("{m}recall"),
            Action::NoAttacksThisTurn => "champions cannot attack this turn".into(),
            Action::RemoveFromBattle(s) => format!("{m}remove {} from battle", self.sel(s, false)),
            Action::EachKeepsOneBreakRest => {
                "starting with you, each player chooses a champion they control. Break all other champions".into()
            }
            Action::JoinBattle { filter, keywords } => format!(
                "{m}have one of {} gain {} this turn and join the battle with this card",
                self.filter(filter, true),
                mods(0, 0, *keywords)
            ),
            Action::AtEndOfTurn(inner) => format!("at the end of the turn, {}", self.action(inner, may)),
            Action::Either(branches) => {
                let texts: Vec<String> = branches
                    .iter()
                    .map(|b| {
                        if b.iter().all(|s| s.when.is_none()) {
                            // One sentence: "put two zombie tokens into play and gain 4
                            // health".
                            let mut w = W::new(self.pool);
                            let parts: Vec<String> = b
                                .iter()
                                .map(|s| {
                                    let t = w.action(&s.action, s.may);
                                    w.note_pick(&s.action);
                                    t
                                })
                                .collect();
                            join_and(&parts)
                        } else {
                            uncap(steps_text(self.pool, b).trim_end_matches('.'))
                        }
                    })
                    .collect();
                format!("either {}", texts.join(", or "))
            }
        }
    }

    fn note_pick(&mut self, a: &Action) {
        if let Action::CreateTokens { n, who, .. } = a {
            // The new tokens are "it" (the engine binds them): "they" when there may be
            // several.
            let one_player = !matches!(who, Who::EachOpponent | Who::EachPlayer);
            self.picked = Picked::Object;
            self.it_plural = !(one_player && *n == Amount::Fixed(1));
            return;
        }
        let Some(sel) = a.selection() else {
            return;
        };
        match sel {
            Sel::Target(t) | Sel::Choose(t) => {
                self.picked = if t.objects.is_none() {
                    Picked::Player
                } else {
                    Picked::Object
                };
                self.it_plural = t.count != 1;
            }
            Sel::All(_) => {
                self.picked = Picked::Object;
                self.it_plural = true;
            }
            _ => {}
        }
    }

    fn condition(c: Condition) -> String {
        match c {
            Condition::YourTurn => "if it is your turn".into(),
            Condition::NotYourTurn => "if it is not your turn".into(),
            Condition::Done => "if you do".into(),
            Condition::NotDone => "if you don't".into(),
            Condition::ItIsChampion => "if you banished a champion card".into(),
            Condition::FirstCostOnePlay => {
                "if this is the first {1} card you've played this turn".into()
            }
            Condition::YouOwnIt => "if you are its owner".into(),
            Condition::NotYouOwnIt => "otherwise".into(),
            Condition::ThisInPlay => "if this card is in play".into(),
            Condition::ThisExpended => "if this card is expended".into(),
            Condition::PlayedThisTurn(a) => {
                format!("if you played a {{1}} {} card this turn", a.name())
            }
            Condition::AttackingAlone => "if a champion is attacking alone".into(),
            Condition::YouControlledIt => "if you were its controller".into(),
            Condition::ItWasUnblockedAttackingYou => {
                "if it was attacking you and was unblocked".into()
            }
        }
    }

    /// Steps as sentences. Consecutive steps under the same condition share it:
    /// "If this card is in play, you gain 2 health and each opponent loses 2 health."
    fn steps(&mut self, steps: &[Sentence]) -> String {
        let mut out: Vec<String> = Vec::new();
        let mut i = 0;
        while i < steps.len() {
            let st = &steps[i];
            let mut j = i + 1;
            // "For each card revealed, ...": the steps counted per card share the opening.
            let per = counts_revealed(&st.action);
            if st.when.is_some_and(|c| c != Condition::Done) || (per && st.when.is_none()) {
                while j < steps.len()
                    && steps[j].when == st.when
                    && counts_revealed(&steps[j].action) == per
                {
                    j += 1;
                }
            }
            if let Some(sentence) = self.gain_with_grant(&steps[i..]) {
                out.push(format!("{}.", cap(&sentence)));
                i += 2;
                continue;
            }
            self.explicit_you = j > i + 1;
            let mut parts = Vec::new();
            for step in &steps[i..j] {
                parts.push(match &step.by {
                    // The performer is "you" of the step: "your" reads "their".
                    Some(who) => format!(
                        "{} may {}",
                        self.who(who),
                        self.action(&step.action, false).replace("your ", "their ")
                    ),
                    None => self.action(&step.action, step.may),
                });
                self.note_pick(&step.action);
            }
            self.explicit_you = false;
            let body = join_and(&parts);
            let body = if per {
                format!("for each card revealed, {body}")
            } else {
                body
            };
            let sentence = match st.when {
                Some(c) => format!("{}, {body}", W::condition(c)),
                None => body,
            };
            out.push(format!("{}.", cap(&sentence)));
            i = j;
        }
        out.join(" ")
    }
}

impl W<'_> {
    /// Keywords and a quoted ability gained together, as printed: "Your zombie tokens
    /// gain blitz and "When this card is broken → …" this turn."
    fn gain_with_grant(&self, steps: &[Sentence]) -> Option<String> {
        let [first, second, ..] = steps else {
            return None;
        };
        let plain = |s: &Sentence| s.when.is_none() && !s.may && s.by.is_none();
        match (&first.action, &second.action) {
            (
                Action::Modify { sel, duration, .. },
                Action::Grant {
                    sel: granted,
                    duration: lasts,
                    ..
                },
            ) if plain(first) && plain(second) && sel == granted && duration == lasts => {
                let gain = self.action(&first.action, false);
                let grant = self.action(&second.action, false);
                let turn = if *duration == Duration::ThisTurn {
                    " this turn"
                } else {
                    ""
                };
                let gain = gain.strip_suffix(turn)?;
                let (_, quoted) = grant.split_once(" \"")?;
                Some(format!("{gain} and \"{quoted}"))
            }
            _ => None,
        }
    }
}

/// Whether an action counts once per card revealed for Loyalty X.
fn counts_revealed(a: &Action) -> bool {
    matches!(a.amount(), Some(Amount::PerRevealed(_)))
        || matches!(a.selection(), Some(Sel::Target(t) | Sel::Choose(t)) if t.per_revealed)
}

fn sp_filter(s: &Sel) -> Option<&Filter> {
    match s {
        Sel::Target(t) | Sel::Choose(t) => t.objects.as_ref(),
        Sel::All(f) => Some(f),
        _ => None,
    }
}

/// Whether a put-into-play selection may pick cards someone else owns, so that
/// "under your control" is worth saying.
fn sp_whose(f: Option<&Filter>) -> bool {
    f.is_some_and(|f| f.whose != Whose::You && f.zone == ZoneFilter::DiscardPile)
}

impl W<'_> {
    /// A triggered ability's label, with what its event must be about ("When another
    /// non-zombie champion is broken").
    fn trigger_label(&self, t: &Triggered) -> String {
        match (&t.about, t.on) {
            (Some(f), Trigger::OtherChampionBroken) if f.whose == Whose::You => {
                format!("When a {} is broken", self.you_control(f, false))
            }
            (Some(f), Trigger::OtherChampionBroken) => {
                let g = Filter {
                    other: false,
                    ..f.clone()
                };
                format!("When another {} is broken", self.filter(&g, false))
            }
            _ => trigger_label(t.on, t.loyalty),
        }
    }
}

fn trigger_label(on: Trigger, loyalty: u8) -> String {
    match on {
        Trigger::EntersPlay if loyalty == LOYALTY_X => "Loyalty X".into(),
        Trigger::EntersPlay if loyalty > 0 => format!("Loyalty {loyalty}"),
        Trigger::EntersPlay => "Tribute".into(),
        Trigger::Ally(a) => format!("{{{}}}", a.name()),
        Trigger::Attacks => "When this card attacks".into(),
        Trigger::Blocks => "When this card blocks".into(),
        Trigger::DealsDamage => "When this card deals damage".into(),
        Trigger::DamagesPlayer => "When this card damages a player".into(),
        Trigger::DamagesOpponent => "When this card damages an opponent".into(),
        Trigger::DamagesChampion => "When this card damages a champion".into(),
        Trigger::Broken => "When this card is broken".into(),
        Trigger::OtherChampionBroken => "When another champion is broken".into(),
        Trigger::StartOfYourTurn => "At the start of your turn".into(),
        Trigger::EndOfTurn => "At the end of each turn".into(),
        Trigger::PutIntoDiscard => {
            "When this card goes into your discard pile from anywhere".into()
        }
        Trigger::LeavesDiscard => "When this card leaves your discard pile".into(),
        Trigger::Recalled => "When you recall this card".into(),
        Trigger::YouDraw => "When you draw a card".into(),
        Trigger::Blocked => "When this card is blocked".into(),
    }
}

fn cost_text(c: PowerCost) -> String {
    match c {
        PowerCost::Gold(n) => format!("{{{n}}}"),
        PowerCost::Expend => "{expend}".into(),
        PowerCost::BreakThis => "Break this card".into(),
        PowerCost::RemoveCounter => "Remove a counter from this card".into(),
        PowerCost::Discard(n) => format!("Discard {}", plural(&Amount::Fixed(n), "card", "cards")),
        PowerCost::BreakOwn => "Break a champion you control".into(),
        PowerCost::BanishFromDiscard(n) => format!(
            "Banish {} from your discard pile",
            plural(&Amount::Fixed(n), "card", "cards")
        ),
    }
}

impl W<'_> {
    fn static_text(&self, s: &Static) -> String {
        match s {
            Static::Keywords { keywords, when } => {
                let k = cap(&join_and(
                    &keywords
                        .iter()
                        .map(|k| k.name().to_string())
                        .collect::<Vec<_>>(),
                ));
                match when {
                    Some(Condition::YourTurn) => format!("{k} on your turn."),
                    Some(Condition::NotYourTurn) => format!("{k} on your opponents' turns."),
                    Some(Condition::ThisExpended) => format!("{k} while this card is expended."),
                    Some(c) => format!("{k} {}.", W::condition(*c)),
                    None => format!("{k}."),
                }
            }
            Static::Anthem {
                affects,
                offense,
                defense,
                keywords,
                add_alignment,
            } => {
                let mut parts = Vec::new();
                let m = mods(*offense, *defense, *keywords);
                if !m.is_empty() {
                    parts.push(format!("have {m}"));
                }
                if let Some(a) = add_alignment {
                    parts.push(format!("are also {}", a.name()));
                }
                format!(
                    "{} {}.",
                    cap(&self.filter(affects, true)),
                    parts.join(" and ")
                )
            }
            Static::CannotBeAttacked {
                when: Some(Condition::ThisExpended),
            } => "While this card is expended, you cannot be attacked.".into(),
            Static::CannotBeAttacked { when: Some(c) } => {
                format!("{}, you cannot be attacked.", cap(&W::condition(*c)))
            }
            Static::CannotBeAttacked { when: None } => "You cannot be attacked.".into(),
            Static::ControllerUntargetable => "You are untargetable.".into(),
            Static::UnblockableByLowerOffense => {
                "Unblockable by champions with {offense} less than this card's {offense}.".into()
            }
            Static::AllAlignments => "This card has all alignments, even while it is in your \
                hand, deck, or discard pile."
                .into(),
            Static::OpponentsCannotGainHealth => "Opponents cannot gain health.".into(),
            Static::CannotGainAbilities => "This cannot gain powers or abilities.".into(),
            Static::IntoPlayIfDiscardedByOpponent => {
                "If an opponent causes you to discard this card, put it into play instead.".into()
            }
            Static::AmbushFor(f) => {
                let g = Filter {
                    zone: ZoneFilter::InPlay,
                    whose: Whose::Any,
                    ..f.clone()
                };
                format!(
                    "You may play {} as if they had ambush.",
                    self.filter(&g, true)
                )
            }
        }
    }

    fn ability_body(&mut self, a: &Ability) -> (String, String) {
        self.picked = Picked::Nothing;
        self.it_plural = false;
        match &a.kind {
            AbilityKind::Triggered(t) => {
                // "Loyalty 2 → Blitz": a permanent keyword grant to this card reads as the keyword.
                if let [Sentence {
                    when: None,
                    may: false,
                    by: None,
                    action:
                        Action::Modify {
                            sel: Sel::This,
                            offense: 0,
                            defense: 0,
                            keywords,
                            duration: Duration::Permanent,
                        },
                }] = t.steps.as_slice()
                {
                    let k: Vec<String> = keywords.iter().map(|k| k.to_string()).collect();
                    return (self.trigger_label(t), k.join(" ◆ "));
                }
                (self.trigger_label(t), self.steps(&t.steps))
            }
            AbilityKind::Power(p) => {
                // Two counters to remove read as one cost, where the first is
                // ("Remove two counters from this card").
                let counters = PowerCost::total(&p.costs).counters;
                let mut costs: Vec<String> = Vec::new();
                for &c in &p.costs {
                    match c {
                        PowerCost::RemoveCounter if counters > 1 => {
                            if !costs.iter().any(|t| t.starts_with("Remove ")) {
                                costs.push(format!(
                                    "Remove {} counters from this card",
                                    words(counters as u8)
                                ));
                            }
                        }
                        c => costs.push(cost_text(c)),
                    }
                }
                (costs.join(", "), self.steps(&p.steps))
            }
            AbilityKind::Static(s) => (String::new(), self.static_text(s)),
        }
    }

    fn abilities(&mut self, list: &[&Ability]) -> Vec<String> {
        let mut lines = Vec::new();
        let mut i = 0;
        while i < list.len() {
            let a = list[i];
            let (mut label, body) = self.ability_body(a);
            let mut j = i + 1;
            // "Tribute and/or {good} → ...": triggers with identical effects share a line.
            if let AbilityKind::Triggered(t) = &a.kind {
                while let Some(AbilityKind::Triggered(u)) = list.get(j).map(|b| &b.kind) {
                    // "Loyalty 2 and/or when this card attacks": a loyalty trigger may lead.
                    if u.steps != t.steps || u.loyalty != 0 {
                        break;
                    }
                    let next = self.trigger_label(u);
                    let next = if next.starts_with("When this card ")
                        && label.starts_with("When this card ")
                    {
                        next.trim_start_matches("When this card ").to_string()
                    } else if let Some(rest) = next.strip_prefix("When") {
                        format!("when{rest}")
                    } else {
                        next
                    };
                    label = format!("{label} and/or {next}");
                    j += 1;
                }
            }
            let line = match &a.kind {
                AbilityKind::Triggered(_) => format!("{label} → {body}"),
                AbilityKind::Power(_) => format!("{label}: {body}"),
                AbilityKind::Static(_) => body,
            };
            lines.push(line);
            i = j;
        }
        lines
    }
}

/// The text of one mode of an event (the part on one side of "— OR —"), generated like
/// [`card_text`]: what choosing that mode does. `None` if the card has no such mode.
pub fn mode_text(pool: &CardPool, id: CardId, mode: usize) -> Option<String> {
    let m = pool.get(id).modes.get(mode)?;
    let body = W::new(pool).steps(&m.steps);
    Some(if m.extra_gold > 0 {
        format!("{{{}}}: {body}", m.extra_gold)
    } else {
        body
    })
}

/// The text of one ability of a card (its trigger or cost, then what it does), as
/// [`card_text`] prints it: what a log or an option says when that ability is used.
pub fn ability_text(pool: &CardPool, id: CardId, index: usize) -> Option<String> {
    let a = pool.get(id).abilities.get(index)?;
    W::new(pool).abilities(&[a]).into_iter().next()
}

/// Steps of an effect as the sentences a card prints for them ("Gain 10 health."): one
/// branch of an "either … or …", for the option that takes it.
pub fn steps_text(pool: &CardPool, steps: &[Sentence]) -> String {
    W::new(pool).steps(steps)
}

/// The rules text a player reads, generated from the definition: keywords joined with
/// " ◆ ", each mode or ability on its own line, modes separated by "— OR —", and the
/// abilities that work from the discard pile after an "In discard pile:" line. Flavour
/// text is not rules text; it is in [`CardDef::flavor`]. Written once per pool
/// ([`CardPool::written_text`]).
pub fn card_text(pool: &CardPool, id: CardId) -> String {
    pool.written_text(id, write_card_text).to_string()
}

/// [`card_text`], written from the definition.
fn write_card_text(pool: &CardPool, id: CardId) -> String {
    let def = pool.get(id);
    let mut w = W::new(pool);
    let mut lines: Vec<String> = Vec::new();
    let shown: Vec<String> = def
        .keywords
        .iter()
        .filter(|k| !matches!(k, Keyword::MustBeBlocked | Keyword::MustAttack))
        .map(|k| k.to_string())
        .collect();
    if !shown.is_empty() {
        lines.push(shown.join(" ◆ "));
    }
    for (i, m) in def.modes.iter().enumerate() {
        if i > 0 {
            lines.push("— OR —".into());
        }
        w.picked = Picked::Nothing;
        w.it_plural = false;
        let body = w.steps(&m.steps);
        lines.push(if m.extra_gold > 0 {
            format!("{{{}}}: {body}", m.extra_gold)
        } else {
            body
        });
    }
    let in_play: Vec<&Ability> = def
        .abilities
        .iter()
        .filter(|a| a.zone != AbilityZone::DiscardPile)
        .collect();
    lines.extend(w.abilities(&in_play));
    if def.keywords.has(Keyword::MustBeBlocked) {
        lines.push("This card must be blocked if able.".into());
    }
    if def.keywords.has(Keyword::MustAttack) {
        lines.push("This card must attack each turn if able.".into());
    }
    let in_discard: Vec<&Ability> = def
        .abilities
        .iter()
        .filter(|a| a.zone == AbilityZone::DiscardPile)
        .collect();
    if !in_discard.is_empty() {
        lines.push("In discard pile:".into());
        lines.extend(w.abilities(&in_discard));
    }
    lines.join("\n")
}
