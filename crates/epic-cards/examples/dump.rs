//! Prints every base-set card's generated rules text.
fn main() {
    let pool = match epic_cards::load_base() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    for (id, c) in pool.iter() {
        println!("## {}\n{}\n", c.name, epic_cards::card_text(&pool, id));
    }
}
