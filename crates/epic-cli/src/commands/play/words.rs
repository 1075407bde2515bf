//! Typed words matched to an option in `epic play`: each word or its start, in the
//! order of the option's words, copies of a card taken as one.

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(|w| w.to_lowercase()).collect()
}

/// The word without the punctuation around it ("gargoyle," is "gargoyle", "#60" is "60").
fn bare(w: &str) -> &str {
    w.trim_matches(|c: char| !c.is_alphanumeric())
}

/// Which option a typed line names: a label typed in full (as shown, or as the engine
/// words it), else the only label that has the typed words in that order, each typed
/// word the start of a word of the label ("play crys gol"). `Err` holds the labels that
/// match equally well, when there are several.
pub fn pick_by_text(line: &str, shown: &[String], engine: &[String]) -> Result<usize, Vec<usize>> {
    let typed = words(line);
    let exact: Vec<usize> = (0..shown.len())
        .filter(|&i| words(&shown[i]) == typed || words(&engine[i]) == typed)
        .collect();
    if exact.len() == 1 {
        return Ok(exact[0]);
    }
    let fits = |t: &str, w: &str| {
        let (t, w) = (bare(t), bare(w));
        !t.is_empty() && (w == t || w.starts_with(t))
    };
    let has_in_order = |label: &str| {
        let mut rest = words(label).into_iter();
        typed.iter().all(|t| rest.any(|w| fits(t, &w)))
    };
    // The typed words one after another in the label, as a phrase of it.
    let has_phrase = |label: &str| {
        let label = words(label);
        label
            .windows(typed.len())
            .any(|run| run.iter().zip(&typed).all(|(w, t)| fits(t, w)))
    };
    let loose: Vec<usize> = (0..shown.len())
        .filter(|&i| has_in_order(&shown[i]) || has_in_order(&engine[i]))
        .collect();
    if loose.len() < 2 {
        return loose.first().copied().ok_or(loose);
    }
    // Names before costs: among several, those the words fit outside their notes in
    // brackets ("play gold" is Gold Dragon, not every option "(1 gold)").
    let named: Vec<usize> = loose
        .iter()
        .copied()
        .filter(|&i| {
            has_in_order(&without_notes(&shown[i])) || has_in_order(&without_notes(&engine[i]))
        })
        .collect();
    let several = match named.as_slice() {
        [i] => return Ok(*i),
        [] => loose,
        _ => named,
    };
    // Then the one label that has the words as a phrase ("resurrection mode 1", not
    // "Resurrection (mode 2, 1 gold)").
    let phrased: Vec<usize> = several
        .iter()
        .copied()
        .filter(|&i| has_phrase(&shown[i]) || has_phrase(&engine[i]))
        .collect();
    match phrased.as_slice() {
        [i] => Ok(*i),
        _ => Err(several),
    }
}

/// A label without its notes in brackets: "Play Wolf (1 gold)" is "Play Wolf".
fn without_notes(label: &str) -> String {
    let mut depth = 0u32;
    label
        .chars()
        .filter(|&c| {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth = depth.saturating_sub(1);
                    return false;
                }
                _ => {}
            }
            depth == 0
        })
        .collect()
}

/// The option a typed line names ([`pick_by_text`]), or what to tell the player: which
/// options it fits, or that it is no command. `same(i, j)`: the options listed at `i` and
/// `j` are interchangeable, so a line that fits only such options takes the first.
pub fn typed_option(
    line: &str,
    shown: &[String],
    engine: &[String],
    same: impl Fn(usize, usize) -> bool,
) -> Result<usize, String> {
    match pick_by_text(line, shown, engine) {
        Ok(i) => Ok(i),
        Err(several) if several.len() > 1 && several[1..].iter().all(|&j| same(several[0], j)) => {
            Ok(several[0])
        }
        Err(several) if several.len() > 1 => {
            let fits: Vec<String> = several
                .iter()
                .map(|&i| format!("{}. {}", i + 1, shown[i]))
                .collect();
            Err(format!(
                "'{line}' fits {} options: {}. Type more of the name (a number such as #61 \
                 tells copies apart), or the option's number.",
                several.len(),
                fits.join("; ")
            ))
        }
        Err(_) => Err(format!(
            "Unknown command '{line}'. Type an option's number or words from it, or `help`."
        )),
    }
}

/// The option a line names: its number as listed, or its words ([`typed_option`]).
pub fn typed_pick(
    line: &str,
    shown: &[String],
    engine: &[String],
    same: impl Fn(usize, usize) -> bool,
) -> Result<usize, String> {
    let line = line.trim();
    if !line.is_empty() && line.bytes().all(|b| b.is_ascii_digit()) {
        return match line.parse::<usize>() {
            Ok(n) if (1..=shown.len()).contains(&n) => Ok(n - 1),
            _ => Err(format!("Pick a number from 1 to {}.", shown.len())),
        };
    }
    typed_option(line, shown, engine, same)
}

/// One pick of a line that names several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The option of this number (from 0) as listed when the line was typed.
    Listed(usize),
    /// Words that fit no option listed then, read against the options of the moment the
    /// pick comes to be taken: the "done" of "block with troll, done" is only offered
    /// once a blocker is chosen.
    Later(String),
}

/// The options a line names, in the order to take them: several ([`several_picks`]),
/// else one ([`typed_pick`]).
pub fn typed_picks(
    line: &str,
    shown: &[String],
    engine: &[String],
    same: impl Fn(usize, usize) -> bool,
) -> Result<Vec<Pick>, String> {
    several_picks(line, shown, engine, &same)
        .unwrap_or_else(|| typed_pick(line, shown, engine, &same).map(|i| vec![Pick::Listed(i)]))
}

/// The options a line names to be taken one after another, as listed now: numbers
/// apart ("1 3 4"), words apart by commas ("attack with giant, wurm, done"), or the
/// start of labels then "all" ("attack with all": every option that begins so). The
/// first must be listed now; words after it that fit nothing listed now are read when
/// their turn comes ([`Pick::Later`]). `None`: the line names one option at most, read
/// as [`typed_option`] reads it.
pub fn several_picks(
    line: &str,
    shown: &[String],
    engine: &[String],
    same: impl Fn(usize, usize) -> bool,
) -> Option<Result<Vec<Pick>, String>> {
    let line = line.trim();
    let number = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if let Some(start) = line.to_lowercase().strip_suffix(" all") {
        let start = words(start);
        let all: Vec<usize> = (0..shown.len())
            .filter(|&i| {
                let label = words(&shown[i]);
                label.len() > start.len() && label.starts_with(&start)
            })
            .collect();
        return Some(if all.is_empty() {
            Err(format!("No option begins '{}'.", start.join(" ")))
        } else {
            Ok(all.into_iter().map(Pick::Listed).collect())
        });
    }
    let parts: Vec<&str> = if line.contains(',') {
        line.split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect()
    } else if line.split_whitespace().all(number) {
        line.split_whitespace().collect()
    } else {
        return None;
    };
    if parts.len() < 2 {
        return None;
    }
    let picks = parts.into_iter().enumerate().map(|(k, part)| {
        match typed_pick(part, shown, engine, &same) {
            Ok(i) => Ok(Pick::Listed(i)),
            Err(_) if k > 0 && !number(part) && fits_nothing(part, shown, engine) => {
                Ok(Pick::Later(part.to_string()))
            }
            Err(why) => Err(why),
        }
    });
    Some(picks.collect())
}

/// Whether words fit no option listed.
fn fits_nothing(words: &str, shown: &[String], engine: &[String]) -> bool {
    pick_by_text(words, shown, engine).is_err_and(|fits| fits.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_text_picks_an_option() {
        let labels: Vec<String> = [
            "Play High King (1 gold)",
            "Play Resurrection (mode 1, 1 gold)",
            "Play Resurrection (mode 2, 1 gold)",
            "End the turn",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(pick_by_text("end turn", &labels, &labels), Ok(3));
        assert_eq!(pick_by_text("END THE TURN", &labels, &labels), Ok(3));
        assert_eq!(pick_by_text("play high king", &labels, &labels), Ok(0));
        assert_eq!(pick_by_text("high k", &labels, &labels), Ok(0));
        assert_eq!(pick_by_text("resurrection mode 2", &labels, &labels), Ok(2));
        assert_eq!(pick_by_text("resurrection mode 1", &labels, &labels), Ok(1));
        assert_eq!(pick_by_text("res mo 1", &labels, &labels), Ok(1));
        assert_eq!(
            pick_by_text("resurrection", &labels, &labels),
            Err(vec![1, 2])
        );
        assert_eq!(pick_by_text("fireball", &labels, &labels), Err(vec![]));
        // A name is read before the notes in brackets.
        assert_eq!(
            pick_by_text("play gold", &labels, &labels),
            Err(vec![0, 1, 2])
        );
        let dragons: Vec<String> = [
            "Play Gold Dragon (1 gold)",
            "Play Wolf (1 gold)",
            "Play Ogre (0 gold)",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(pick_by_text("play gold", &dragons, &dragons), Ok(0));
        assert_eq!(pick_by_text("gold", &dragons, &dragons), Ok(0));
        assert_eq!(without_notes("Play Wolf (1 gold) (yours)"), "Play Wolf  ");
    }

    #[test]
    fn a_line_may_name_several_picks() {
        let labels: Vec<String> = [
            "Attack with Lurking Giant",
            "Attack with Rampaging Wurm",
            "Attack with Cave Troll",
            "Cancel the battle",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let apart = |i: usize, j: usize| i == j;
        let picks = |line: &str| several_picks(line, &labels, &labels, apart);
        let listed = |n: &[usize]| Some(Ok(n.iter().map(|&i| Pick::Listed(i)).collect()));
        assert_eq!(picks("attack with all"), listed(&[0, 1, 2]));
        assert_eq!(picks("Attack With ALL"), listed(&[0, 1, 2]));
        assert_eq!(picks("1 3"), listed(&[0, 2]));
        assert_eq!(picks("3, 1"), listed(&[2, 0]));
        assert_eq!(picks("attack with giant, troll"), listed(&[0, 2]));
        assert_eq!(picks("giant, 2"), listed(&[0, 1]));
        // Words after the first that fit nothing yet wait for their turn ("done" once
        // the attackers are chosen); the first must fit now, and a number be listed.
        assert_eq!(
            picks("attack with giant, wurm, done"),
            Some(Ok(vec![
                Pick::Listed(0),
                Pick::Listed(1),
                Pick::Later("done".into())
            ]))
        );
        assert!(picks("dragon, giant").unwrap().is_err());
        // One pick is not several, and a number must be listed.
        assert_eq!(picks("attack with giant"), None);
        assert_eq!(picks("3"), None);
        assert!(picks("1 9").unwrap().is_err());
        assert!(picks("block with all").unwrap().is_err());
    }

    #[test]
    fn copies_are_told_apart_by_number_or_taken_as_one() {
        let labels: Vec<String> = [
            "Play Crystal Golem (1 gold) #12",
            "Play Crystal Golem (1 gold) #13",
            "Target Wolf token (the AI's) #60",
            "Target Wolf token (the AI's) #61",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let golems_alike = |i: usize, j: usize| i < 2 && j < 2;
        assert_eq!(
            typed_option("play crystal golem", &labels, &labels, golems_alike),
            Ok(0)
        );
        assert_eq!(
            typed_option("wolf 61", &labels, &labels, golems_alike),
            Ok(3)
        );
        assert_eq!(
            typed_option("wolf #60", &labels, &labels, golems_alike),
            Ok(2)
        );
        let err = typed_option("wolf", &labels, &labels, golems_alike).unwrap_err();
        assert!(err.contains("3. Target Wolf token"), "{err}");
        assert!(err.contains("#61"), "{err}");
    }
}
