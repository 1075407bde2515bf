//! Drafted games on the server: a Sealed pool built into a deck, a Pack Draft between two
//! players, each drafter shown only their own pack and picks, the game the decks make
//! played after it; bad requests refused.

mod common;

use common::{log_lines, next_state, send, Client, Server, Socket};
use epic_engine::formats::draft::Draft;
use epic_engine::setup::draft_save::{DraftSetup, SavedChoice};
use serde_json::{json, Value};

/// The names of a list of cards on a draft board.
fn names(cards: &Value) -> Vec<String> {
    let mut names: Vec<String> = cards
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    names
}

/// The option of `state`'s decision of kind `kind` ("pick", "cut", "restore", "done").
fn option_of(state: &Value, kind: &str) -> Option<u64> {
    state["decision"]["options"]
        .as_array()?
        .iter()
        .find(|o| o["kind"] == kind)
        .map(|o| o["index"].as_u64().unwrap())
}

async fn decide(socket: &mut Socket, state: &Value, option: u64) {
    send(
        socket,
        json!({"type": "decide", "seq": state["seq"], "option": option}),
    )
    .await;
}

/// The draft a game keeps, rebuilt here from its setup and decisions as the database
/// holds them: what each drafter may be shown is checked against it.
async fn kept_draft(server: &Server, id: &str) -> Draft {
    let (row, _) = server.app.store.game_and_seats(id).await.unwrap().unwrap();
    let setup: DraftSetup = serde_json::from_str(&row.setup).unwrap();
    let pool = epic_engine::setup::names::pool();
    let mut draft = setup.start(&pool).unwrap();
    for record in server.app.store.decisions(id).await.unwrap() {
        let Ok(saved) = serde_json::from_str::<SavedChoice>(&record) else {
            break; // the game's decisions, after the draft
        };
        draft.apply(saved.resolve(&pool).unwrap()).unwrap();
    }
    draft
}

/// A guest is dealt a Sealed pool of 35, cuts 5 cards in the client and plays the 30
/// left against the AI, which built its own; the game survives a restart, and its save
/// file holds the deck as built.
#[tokio::test]
async fn a_sealed_pool_is_built_then_played() {
    for db in common::databases() {
        let server = Server::start(db.as_deref()).await;
        let mut c = server.client();
        c.guest().await;
        let game = c
            .create(
                json!({"seats": [{"kind": "me"}, {"kind": "ai", "ai": "greedy"}],
                "format": "sealed", "pool": 35, "seed": 11}),
            )
            .await;
        assert_eq!(game["format"], "sealed");
        assert_eq!(game["seats"][0]["deck"], "drafted");
        let id = game["id"].as_str().unwrap().to_string();
        let mut s = c.socket(&id).await;
        let mut state = next_state(&mut s).await;
        let board = &state["board"];
        assert_eq!(board["ruleset"], "draft");
        assert_eq!(board["building"], true);
        assert_eq!(board["deck"].as_array().unwrap().len(), 35);
        assert_eq!(board["min_deck"], 30);
        assert!(log_lines(&state)[0].starts_with("The Sealed"), "{state}");
        // Done is offered only once the deck is exactly 30.
        assert_eq!(option_of(&state, "done"), None);
        let pool = names(&board["deck"]);
        let mut log = log_lines(&state);
        for cut in 0..5 {
            decide(&mut s, &state, option_of(&state, "cut").unwrap()).await;
            state = next_state(&mut s).await;
            log.extend(log_lines(&state));
            assert_eq!(state["board"]["deck"].as_array().unwrap().len(), 34 - cut);
            assert_eq!(
                state["board"]["left_out"].as_array().unwrap().len(),
                cut + 1
            );
        }
        // Putting a card back, then cutting it again, is building too.
        let left_out = names(&state["board"]["left_out"]);
        decide(&mut s, &state, option_of(&state, "restore").unwrap()).await;
        state = next_state(&mut s).await;
        assert_eq!(state["board"]["deck"].as_array().unwrap().len(), 31);
        decide(&mut s, &state, option_of(&state, "cut").unwrap()).await;
        state = next_state(&mut s).await;
        let deck = names(&state["board"]["deck"]);
        let mut both = [deck.clone(), names(&state["board"]["left_out"])].concat();
        both.sort();
        assert_eq!(both, pool, "the deck and the cards left out are the pool");
        assert_eq!(left_out.len(), 5);
        decide(&mut s, &state, option_of(&state, "done").unwrap()).await;
        // The AI builds its deck, and the game begins.
        loop {
            state = next_state(&mut s).await;
            log.extend(log_lines(&state));
            if state["board"]["ruleset"] == "2017" {
                break;
            }
        }
        assert!(
            log.contains(&"You built a deck of 30 cards.".to_string()),
            "{log:?}"
        );
        assert!(log.contains(&"AI (greedy) built a deck of 30 cards.".to_string()));
        assert!(log.contains(&"Every deck is built: the game begins.".to_string()));
        let me = &state["board"]["players"][0];
        let hand = names(&me["hand"]);
        assert_eq!(
            me["hand_count"].as_u64().unwrap() + me["deck_count"].as_u64().unwrap(),
            30
        );
        assert!(hand.iter().all(|card| deck.contains(card)), "{hand:?}");
        drop(s);

        // A restart rebuilds the draft and the game from the kept decisions.
        let server = server.restart().await;
        let mut c = server.client_as(&c);
        let mut s = c.socket(&id).await;
        let again = next_state(&mut s).await;
        assert_eq!(again["board"], state["board"]);
        assert_eq!(again["seq"], state["seq"]);

        send(&mut s, json!({"type": "concede"})).await;
        let mut last = next_state(&mut s).await;
        while last["result"].is_null() {
            last = next_state(&mut s).await;
        }
        let (file, _) = common::save_of(&mut c, &id).await;
        assert_eq!(file.setup.format.as_deref(), Some("sealed"));
        let mut saved = file.setup.seats[0].cards.clone();
        saved.sort();
        assert_eq!(saved, deck, "the save file holds the deck as built");
        assert_eq!(file.setup.seats[0].deck, "drafted");
    }
}

/// Three players draft three packs between them, passing; each is shown their own pack
/// and picks only, and told the others' picks as "a card". Then they play the decks
/// drafted.
#[tokio::test]
async fn three_players_pack_draft_then_play() {
    for db in common::databases() {
        let server = Server::start(db.as_deref()).await;
        let mut a = server.client();
        a.guest().await;
        let game = a
            .create(
                json!({"seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}],
                "format": "pack-draft", "timer": "async"}),
            )
            .await;
        let id = game["id"].as_str().unwrap().to_string();
        let mut clients = vec![a];
        for invite in game["invites"].as_array().unwrap() {
            let mut c = server.client();
            c.guest().await;
            let (status, joined) = c.join(&id, invite["secret"].as_str()).await;
            assert_eq!(status, 200, "{joined}");
            clients.push(c);
        }
        let mut sockets = Vec::new();
        let mut states = Vec::new();
        for c in &clients {
            let mut socket = c.socket(&id).await;
            states.push(next_state(&mut socket).await);
            sockets.push(socket);
        }
        assert_eq!(states[0]["board"]["ruleset"], "draft");
        let mut picked = vec![Vec::new(); 3];
        let mut logs = vec![Vec::new(); 3];
        while states[0]["board"]["ruleset"] == "draft" {
            let draft = kept_draft(&server, &id).await;
            for (seat, state) in states.iter().enumerate() {
                let board = &state["board"];
                logs[seat].extend(log_lines(state));
                let view = draft.view(seat);
                let pool = draft.pool();
                let mut pack: Vec<String> = view
                    .pack
                    .iter()
                    .map(|&c| pool.get(c).name.clone())
                    .collect();
                pack.sort();
                assert_eq!(names(&board["pack"]), pack, "seat {seat}'s own pack");
                assert_eq!(names(&board["picks"]).len(), view.picks.len());
                let counts: Vec<u64> = (board["players"].as_array().unwrap().iter())
                    .map(|d| d["cards"].as_u64().unwrap())
                    .collect();
                assert_eq!(
                    counts,
                    view.pick_counts
                        .iter()
                        .map(|&n| n as u64)
                        .collect::<Vec<_>>()
                );
            }
            let seat = states[0]["decision"]["seat"].as_u64().unwrap() as usize;
            for (other, state) in states.iter().enumerate().filter(|&(s, _)| s != seat) {
                assert_eq!(
                    state["decision"]["options"],
                    json!([]),
                    "seat {other} waits"
                );
            }
            let state = &states[seat];
            let option = option_of(state, "pick").unwrap();
            let label = state["decision"]["options"][option as usize]["label"]
                .as_str()
                .unwrap();
            picked[seat].push(label.strip_prefix("Pick ").unwrap().to_string());
            decide(&mut sockets[seat], state, option).await;
            for (s, socket) in sockets.iter_mut().enumerate() {
                states[s] = next_state(socket).await;
            }
        }
        for seat in 0..3 {
            logs[seat].extend(log_lines(&states[seat]));
            assert_eq!(picked[seat].len(), 30);
            let mine = format!("You picked {}.", picked[seat][0]);
            assert!(logs[seat].contains(&mine), "{:?}", logs[seat]);
            // The others' picks are told without their cards.
            let board = &states[seat]["board"];
            let next = board["players"][(seat + 1) % 3]["name"].as_str().unwrap();
            assert!(logs[seat].contains(&format!("{next} picked a card.")));
            assert!(logs[seat]
                .iter()
                .filter(|l| l.contains(" picked ") && !l.starts_with("You"))
                .all(|l| l.ends_with("picked a card.")));
            let player = &board["players"][seat];
            let cards =
                player["hand_count"].as_u64().unwrap() + player["deck_count"].as_u64().unwrap();
            assert_eq!(cards, 30, "seat {seat} plays every card it picked");
        }
        // The game is the 2017 game of the drafted decks, and ends like any other.
        for seat in [1, 2] {
            send(&mut sockets[seat], json!({"type": "concede"})).await;
        }
        let mut last = next_state(&mut sockets[0]).await;
        logs[0].extend(log_lines(&last));
        while last["result"].is_null() {
            last = next_state(&mut sockets[0]).await;
            logs[0].extend(log_lines(&last));
        }
        assert_eq!(last["result"]["winners"], json!([0]));
        // The replay steps through the draft, then the game, told as they were.
        let frames = common::check_replay(&mut clients[0], &id, &last, &logs[0]).await;
        assert_eq!(frames[0]["board"]["ruleset"], "draft");
        assert_eq!(frames[0]["board"]["pack"].as_array().unwrap().len(), 10);
    }
}

/// Drafted games are checked before anything is kept, and a draft takes no deck and no
/// concession.
#[tokio::test]
async fn drafted_games_are_checked() {
    let server = Server::start(None).await;
    let mut c: Client = server.client();
    c.guest().await;
    let ai = json!({"kind": "ai", "ai": "random"});
    c.refused(
        json!({"seats": [{"kind": "me"}, ai], "format": "pack-draft", "pool": 40}),
        "pool is the number of cards",
    )
    .await;
    c.refused(
        json!({"seats": [{"kind": "me"}, ai], "pool": 40}),
        "pool is the number of cards",
    )
    .await;
    c.refused(
        json!({"seats": [{"kind": "me"}, ai], "format": "sealed", "pool": 61}),
        "the draft cannot be set up: a Sealed pool is 30 to 60 cards",
    )
    .await;
    c.refused(
        json!({"seats": [{"kind": "me", "deck": "good"}, ai], "format": "pack-draft"}),
        "seat 1: the decks of a Pack Draft game are drafted",
    )
    .await;
    c.refused(
        json!({"seats": [{"kind": "me"}, ai, ai], "format": "open-draft"}),
        "the draft cannot be set up: open-draft is drafted by",
    )
    .await;
    c.refused(
        json!({"seats": [{"kind": "me"}, ai, ai, ai], "format": "pack-draft",
            "variant": "hydra", "team_size": 2}),
        "a Pack Draft game is a free-for-all",
    )
    .await;
    let (status, options) = c.call("GET", "/api/options", None).await;
    assert_eq!(status, 200);
    assert!(options["rulesets"][0]["drafts"]
        .as_array()
        .unwrap()
        .contains(&json!("dark-draft")));

    // A drafted game's seat is joined without a deck.
    let game = c
        .create(json!({"seats": [{"kind": "me"}, {"kind": "open"}], "format": "dark-draft"}))
        .await;
    let id = game["id"].as_str().unwrap();
    let mut b = server.client();
    b.guest().await;
    let (status, said) = b
        .call(
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({"deck": "good"})),
        )
        .await;
    assert_eq!(status, 400, "{said}");
    assert!(
        said["error"].as_str().unwrap().contains("drafted"),
        "{said}"
    );
    let (status, joined) = b.join(id, None).await;
    assert_eq!(status, 200, "{joined}");

    // No one concedes a draft; the draft goes on.
    let mut s = c.socket(id).await;
    let state = next_state(&mut s).await;
    assert_eq!(state["board"]["format"], "dark-draft");
    send(&mut s, json!({"type": "concede"})).await;
    let answer = common::next(&mut s).await;
    assert_eq!(answer["type"], "error", "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("draft cannot be conceded"),
        "{answer}"
    );
    let (status, summary) = c.call("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(summary["status"], "playing");
    assert_eq!(summary["decisions"], 0);
}
