//! The terminal a person reads: how wide it is, whether it shows colour, and the few
//! colours the game uses. Everything still reads without colour (`NO_COLOR`, a pipe).

use anstyle::{AnsiColor, Style};
use clap::ValueEnum;

/// When to colour the output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// When standard output is a terminal and neither `NO_COLOR` nor `TERM=dumb` is set.
    #[default]
    Auto,
    Always,
    Never,
}

/// The terminal options of the commands that draw a board.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct TermArgs {
    /// Columns to fit the board and the log into (default: `COLUMNS`, else the
    /// terminal's width, else 100).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(40..=1000))]
    pub width: Option<u16>,
    /// Colour the board and the log: auto, always or never.
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub color: ColorWhen,
}

/// Width used when nothing says how wide the output is (a pipe, a file).
pub const DEFAULT_WIDTH: usize = 100;

/// The narrowest width the board is laid out for.
const MIN_WIDTH: usize = 40;

impl TermArgs {
    pub fn term(&self) -> Term {
        let width = self
            .width
            .map(usize::from)
            .or_else(|| {
                std::env::var("COLUMNS")
                    .ok()
                    .and_then(|c| c.trim().parse::<usize>().ok())
            })
            .or_else(|| terminal_size::terminal_size().map(|(w, _)| usize::from(w.0)))
            .unwrap_or(DEFAULT_WIDTH)
            .clamp(MIN_WIDTH, 1000);
        let color = match self.color {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => !matches!(
                anstream::AutoStream::choice(&std::io::stdout()),
                anstream::ColorChoice::Never
            ),
        };
        Term { width, color }
    }
}

/// How wide the output is and whether it is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    pub width: usize,
    pub color: bool,
}

impl Default for Term {
    /// Plain text, [`DEFAULT_WIDTH`] wide: what a script reads.
    fn default() -> Term {
        Term {
            width: DEFAULT_WIDTH,
            color: false,
        }
    }
}

pub use epic_engine::words::{Hue, Ink};
use epic_game::words::{Line, Page, Span};

/// The terminal's style for an [`Ink`].
fn style(ink: Ink) -> Style {
    let fg = |c: AnsiColor| Style::new().fg_color(Some(c.into()));
    match ink {
        Ink::Heading => Style::new().bold(),
        Ink::Mine => fg(AnsiColor::Cyan).bold(),
        Ink::Theirs => fg(AnsiColor::Magenta).bold(),
        Ink::Danger => fg(AnsiColor::Red).bold(),
        Ink::Note => fg(AnsiColor::Green),
        Ink::Quiet => Style::new().dimmed(),
        Ink::Card(Hue::Yellow) => fg(AnsiColor::Yellow),
        Ink::Card(Hue::Red) => fg(AnsiColor::Red),
        Ink::Card(Hue::Blue) => fg(AnsiColor::Blue).bold(),
        Ink::Card(Hue::Green) => fg(AnsiColor::Green),
    }
}

impl Term {
    /// `text` in `ink`'s colour, or as it is without colour.
    pub fn paint(&self, ink: Ink, text: &str) -> String {
        if !self.color || text.is_empty() {
            return text.to_string();
        }
        let style = style(ink);
        format!("{style}{text}{style:#}")
    }

    /// A card's name in its alignment's colour (the first, for a card of two).
    pub fn card(&self, alignments: epic_model::Alignments, name: &str) -> String {
        self.spans(&[epic_engine::words::card_span(alignments, name)])
    }

    /// Spans of text, each in its ink.
    pub fn spans(&self, spans: &[Span]) -> String {
        spans
            .iter()
            .map(|s| match s.ink {
                Some(ink) => self.paint(ink, &s.text),
                None => s.text.clone(),
            })
            .collect()
    }

    /// A page laid out to the width: each block's head, then its items wrapped.
    pub fn page(&self, page: &Page) -> String {
        let mut s = String::new();
        for block in &page.blocks {
            let head = self.spans(&block.head);
            let items: Vec<String> = block.items.iter().map(|i| self.spans(i)).collect();
            s += &self.wrapped(&head, &items, block.sep, &" ".repeat(block.indent));
            s.push('\n');
        }
        s
    }

    /// A log line as the terminal shows it: indented, fitted to the width (continuation
    /// lines indented further) and coloured.
    pub fn line(&self, line: &Line) -> String {
        self.log_line(&line.text, line.tone.map(Ink::from))
    }

    /// A line of the log in `ink`, indented and fitted to the width.
    pub fn log_line(&self, text: &str, ink: Option<Ink>) -> String {
        let text = self.fill(&format!("  {text}"), "  ");
        match ink {
            Some(ink) => text
                .lines()
                .map(|l| self.paint(ink, l))
                .collect::<Vec<_>>()
                .join("\n"),
            None => text,
        }
    }

    /// `head` followed by `items` joined with `sep` ("; ": a semicolon after each item
    /// but the last, then a space), wrapped to the width with the continuation lines
    /// indented by `indent`; one item is never split.
    pub fn wrapped(&self, head: &str, items: &[String], sep: &str, indent: &str) -> String {
        let punct = sep.trim_end();
        let gap = if sep.len() > punct.len() {
            &sep[punct.len()..]
        } else {
            " "
        };
        let mut s = head.to_string();
        let mut col = visible_len(head);
        for (i, item) in items.iter().enumerate() {
            let piece = if i + 1 < items.len() {
                format!("{item}{punct}")
            } else {
                item.clone()
            };
            let len = visible_len(&piece);
            let space = if i > 0 { gap } else { " " };
            if (i > 0 || !head.trim().is_empty()) && col + space.len() + len > self.width {
                s += "\n";
                s += indent;
                col = indent.len();
            } else if i > 0 || !(head.ends_with(' ') || head.is_empty()) {
                s += space;
                col += space.len();
            }
            s += &piece;
            col += len;
        }
        s
    }

    /// A sentence broken into lines no wider than the width, continuation lines
    /// indented by `indent`.
    pub fn fill(&self, text: &str, indent: &str) -> String {
        let mut out = Vec::new();
        for line in text.lines() {
            let lead: String = line.chars().take_while(|c| *c == ' ').collect();
            let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
            if words.is_empty() {
                out.push(String::new());
                continue;
            }
            out.push(self.wrapped(&lead, &words, " ", &format!("{lead}{indent}")));
        }
        out.join("\n")
    }
}

/// A writer that keeps every line within the terminal's width: a line that is too wide
/// is broken between words, its continuation indented two more than the line. Lines
/// that fit pass unchanged; a line without its newline yet (a prompt) is written as it
/// is when flushed.
pub struct Fitted<W: std::io::Write> {
    inner: W,
    term: Term,
    line: Vec<u8>,
}

impl<W: std::io::Write> Fitted<W> {
    pub fn new(inner: W, term: Term) -> Fitted<W> {
        Fitted {
            inner,
            term,
            line: Vec::new(),
        }
    }

    fn emit_line(&mut self) -> std::io::Result<()> {
        let text = String::from_utf8_lossy(&self.line).into_owned();
        self.line.clear();
        let body = text.strip_suffix('\n').unwrap_or(&text);
        if visible_len(body) <= self.term.width {
            self.inner.write_all(text.as_bytes())
        } else {
            let lead = body.len() - body.trim_start_matches(' ').len();
            let indent = " ".repeat(lead + 2);
            writeln!(self.inner, "{}", self.term.fill(body, &indent[lead..]))
        }
    }
}

impl<W: std::io::Write> std::io::Write for Fitted<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &b in buf {
            self.line.push(b);
            if b == b'\n' {
                self.emit_line()?;
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.line.is_empty() {
            self.inner.write_all(&self.line)?;
            self.line.clear();
        }
        self.inner.flush()
    }
}

impl<W: std::io::Write> Drop for Fitted<W> {
    fn drop(&mut self) {
        let _ = std::io::Write::flush(self);
    }
}

/// The columns a string takes on screen: its characters, colour codes left out.
pub fn visible_len(s: &str) -> usize {
    if s.contains('\x1b') {
        anstream::adapter::strip_str(s)
            .map(|piece| piece.chars().count())
            .sum()
    } else {
        s.chars().count()
    }
}

/// `s` padded with spaces to `width` visible columns.
pub fn pad(s: &str, width: usize) -> String {
    let len = visible_len(s);
    format!("{s}{}", " ".repeat(width.saturating_sub(len)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_wrap_between_items_within_the_width() {
        for width in [40, 80, 120] {
            let term = Term {
                width,
                color: false,
            };
            let items: Vec<String> = (0..12)
                .map(|i| format!("Card number {i} (1 gold, 5/5)"))
                .collect();
            let text = term.wrapped("Your hand:", &items, "; ", "    ");
            assert!(text.lines().count() > 1);
            assert!(text.lines().all(|l| l.chars().count() <= width), "{text}");
            assert!(
                text.lines().skip(1).all(|l| l.starts_with("    Card")),
                "{text}"
            );
        }
        let term = Term::default();
        let items = ["A (1 gold)".to_string(), "B (0 gold)".to_string()];
        assert_eq!(
            term.wrapped("Your hand:", &items, "; ", "    "),
            "Your hand: A (1 gold); B (0 gold)"
        );
    }

    #[test]
    fn colour_is_left_out_of_widths_and_off_without_colour() {
        let plain = Term::default();
        assert_eq!(plain.paint(Ink::Danger, "damage 3"), "damage 3");
        let coloured = Term {
            color: true,
            ..plain
        };
        let red = coloured.paint(Ink::Danger, "damage 3");
        assert!(red.contains('\x1b'));
        assert_eq!(visible_len(&red), 8);
        assert_eq!(visible_len(&pad(&red, 10)), 10);
    }

    #[test]
    fn a_fitted_writer_breaks_only_the_lines_too_wide() {
        use std::io::Write;
        let term = Term {
            width: 40,
            color: false,
        };
        let mut out = Vec::new();
        {
            let mut fitted = Fitted::new(&mut out, term);
            writeln!(fitted, "Player 2  health 30  gold 1").unwrap();
            write!(
                fitted,
                "  unknown stop 'bogus': the stops are main, response, attacking\n> "
            )
            .unwrap();
        }
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("Player 2  health 30  gold 1\n"), "{text}");
        assert!(text.ends_with("\n> "), "{text}");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{text}");
        assert!(lines[2].starts_with("    "), "{text}");
    }

    #[test]
    fn text_fills_the_width() {
        let term = Term {
            width: 40,
            color: false,
        };
        let text = "  Deal 2 damage to each champion and each player, then gain 2 health.";
        let filled = term.fill(text, "  ");
        assert!(filled.lines().count() == 2, "{filled}");
        assert!(filled.lines().all(|l| l.chars().count() <= 40), "{filled}");
        assert!(
            filled.lines().nth(1).unwrap().starts_with("    "),
            "{filled}"
        );
    }
}
