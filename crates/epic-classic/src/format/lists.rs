//! The restricted, banned and gift-card lists, as data (T-15.6 – T-15.8).

use super::*;

/// The restricted, banned and gift cards of Designed Deck (T-15.6 – T-15.8), by name
/// without regard to case: a list names cards that may not be in our card files (the
/// gift cards are not), and matches whatever card of that name a player's files define.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lists {
    /// Lower-case name → name as written, per list.
    restricted: BTreeMap<String, String>,
    banned: BTreeMap<String, String>,
    gift: BTreeMap<String, String>,
}

/// The sections of a list file, in the order they are described.
const SECTIONS: [&str; 3] = ["restricted", "banned", "gift"];

impl Lists {
    /// The lists as the 2009 rulebook prints them, from the embedded
    /// `cards/classic/lists.txt`: no restricted or banned cards, 38 gift cards.
    pub fn printed() -> &'static Lists {
        static LISTS: OnceLock<Lists> = OnceLock::new();
        LISTS.get_or_init(|| match Lists::parse(LISTS_FILE.0, LISTS_FILE.1) {
            Ok(lists) => lists,
            // The embedded file is checked by this crate's tests.
            Err(e) => panic!("the embedded classic lists have mistakes:\n{e}"),
        })
    }

    /// Reads a list file: sections `[restricted]`, `[banned]`, `[gift]`, each at most
    /// once, then one card name a line; blank lines and lines starting with `#` are
    /// skipped. Every mistake is reported with its line.
    pub fn parse(source: &str, text: &str) -> Result<Lists, FormatError> {
        let mut lists = Lists::default();
        let mut mistakes = Vec::new();
        // `None` before the first section; `Some(None)` under an unknown one.
        let mut section: Option<Option<usize>> = None;
        let mut seen = [false; 3];
        // Where each name was listed, to report a card both restricted and banned.
        let mut lines: HashMap<(usize, String), usize> = HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let line = raw.trim().trim_start_matches('\u{feff}');
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(rest) = line.strip_prefix('[') {
                let Some(head) = rest.strip_suffix(']') else {
                    mistakes.push((
                        n,
                        format!("{}: a section is written [name]", epic_cards::quoted(line)),
                    ));
                    continue;
                };
                let head = head.trim().to_ascii_lowercase();
                match SECTIONS.iter().position(|s| *s == head) {
                    Some(s) if seen[s] => {
                        mistakes.push((n, format!("section [{head}] appears twice")));
                        section = Some(Some(s));
                    }
                    Some(s) => {
                        seen[s] = true;
                        section = Some(Some(s));
                    }
                    None => {
                        mistakes.push((
                            n,
                            format!(
                                "unknown section [{}]: the sections are [restricted], \
                                 [banned] and [gift]",
                                epic_cards::excerpt(&head)
                            ),
                        ));
                        section = Some(None);
                    }
                }
                continue;
            }
            let s = match section {
                Some(Some(s)) => s,
                // Under an unknown section, already reported.
                Some(None) => continue,
                None => {
                    mistakes.push((
                        n,
                        format!(
                            "{} comes before any section: start one with [restricted], \
                             [banned] or [gift]",
                            epic_cards::quoted(line)
                        ),
                    ));
                    continue;
                }
            };
            let key = line.to_lowercase();
            let list = match s {
                0 => &mut lists.restricted,
                1 => &mut lists.banned,
                _ => &mut lists.gift,
            };
            if list.contains_key(&key) {
                mistakes.push((n, format!("{line} is listed twice in [{}]", SECTIONS[s])));
                continue;
            }
            list.insert(key.clone(), line.to_string());
            lines.insert((s, key), n);
        }
        for (key, name) in &lists.banned {
            if lists.restricted.contains_key(key) {
                let n = lines
                    .get(&(0, key.clone()))
                    .max(lines.get(&(1, key.clone())))
                    .copied()
                    .unwrap_or(0);
                mistakes.push((
                    n,
                    format!("{name} is both restricted and banned: a card may be one of them"),
                ));
            }
        }
        if mistakes.is_empty() {
            Ok(lists)
        } else {
            mistakes.sort();
            Err(FormatError::Lists {
                file: source.to_string(),
                mistakes,
            })
        }
    }

    pub fn is_restricted(&self, name: &str) -> bool {
        self.restricted.contains_key(&name.trim().to_lowercase())
    }

    pub fn is_banned(&self, name: &str) -> bool {
        self.banned.contains_key(&name.trim().to_lowercase())
    }

    pub fn is_gift(&self, name: &str) -> bool {
        self.gift.contains_key(&name.trim().to_lowercase())
    }

    /// The restricted cards' names as written, in alphabetical order.
    pub fn restricted(&self) -> impl Iterator<Item = &str> {
        self.restricted.values().map(String::as_str)
    }

    pub fn banned(&self) -> impl Iterator<Item = &str> {
        self.banned.values().map(String::as_str)
    }

    pub fn gifts(&self) -> impl Iterator<Item = &str> {
        self.gift.values().map(String::as_str)
    }
}
