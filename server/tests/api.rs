//! The JSON API through the server's routes (no browser, no network): one request of each
//! kind, the errors a bad request gets (status and message), the limits, and requests served
//! side by side.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use kaidoku_server::{ServeOptions, router};
use serde_json::{Value, json};
use tower::ServiceExt;

const PUZZLE: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
const SOLUTION: &str =
    "278916354956342178413578692324795861781624539695831247532487916849163725167259483";
/// One of the forum's hardest: rating it takes seconds (SE's nested forcing chains).
const HARDEST: &str =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
const PORT: u16 = 18080;

fn options() -> ServeOptions {
    kaidoku_techniques::link();
    ServeOptions {
        port: PORT,
        workers: 2,
        ..Default::default()
    }
}

async fn send(app: &axum::Router, request: Request<Body>) -> (StatusCode, String) {
    let response = app
        .clone()
        .oneshot(request)
        .await
        .expect("the router answers");
    let status = response.status();
    let body = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    (status, String::from_utf8(body.to_vec()).expect("UTF-8"))
}

fn post(name: &str, body: &str) -> Request<Body> {
    Request::post(format!("/api/{name}"))
        .header(header::HOST, format!("127.0.0.1:{PORT}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request")
}

fn get(path: &str) -> Request<Body> {
    Request::get(path)
        .header(header::HOST, format!("localhost:{PORT}"))
        .body(Body::empty())
        .expect("a request")
}

async fn ok(app: &axum::Router, name: &str, body: Value) -> Value {
    let (status, text) = send(app, post(name, &body.to_string())).await;
    assert_eq!(status, StatusCode::OK, "{name}: {text}");
    serde_json::from_str(&text).expect("JSON")
}

async fn refused(app: &axum::Router, name: &str, body: &str) -> (StatusCode, Value) {
    let (status, text) = send(app, post(name, body)).await;
    assert!(
        status.is_client_error() || status.is_server_error(),
        "{name}: {text}"
    );
    let value: Value = serde_json::from_str(&text).expect("JSON");
    (status, value["error"].clone())
}

#[tokio::test]
async fn the_page_and_its_files_are_served() {
    let app = router(&options());
    let (status, page) = send(&app, get("/")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.starts_with("<!DOCTYPE html>") && page.contains("app.js"),
        "{page}"
    );
    for file in [
        "app.js",
        "board.js",
        "game.js",
        "panels.js",
        "engine.js",
        "style.css",
        "favicon.svg",
    ] {
        let (status, text) = send(&app, get(&format!("/{file}"))).await;
        assert_eq!(status, StatusCode::OK, "{file}");
        assert!(!text.is_empty(), "{file}");
    }
    let (status, text) = send(&app, get("/nothing.js")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(text.contains("the page is at /"), "{text}");
    let (_, list) = send(&app, get("/api")).await;
    assert!(list.contains("\"hint\""), "{list}");
}

#[tokio::test]
async fn every_request_answers_as_the_engine_does() {
    let app = router(&options());
    let parsed = ok(&app, "parse", json!({"puzzle": PUZZLE})).await;
    assert_eq!(parsed["status"], "ok");
    assert_eq!(parsed["format"], "line");
    assert_eq!(parsed["clues"], 33);
    assert_eq!(parsed["position"]["candidates"][1], "37");
    let candidates = ok(
        &app,
        "candidates",
        json!({"puzzle": format!("{PUZZLE}:312")}),
    )
    .await;
    assert_eq!(candidates["position"]["candidates"][1], "7");
    assert_eq!(candidates["fresh"][1], "37");

    let one = ok(&app, "hint", json!({"puzzle": PUZZLE})).await;
    assert_eq!(one["text"], "Look for a Hidden Single (ER 1.2).");
    assert!(
        one.get("region").is_none() && one.get("step").is_none(),
        "{one}"
    );
    let two = ok(&app, "hint", json!({"puzzle": PUZZLE, "level": 2})).await;
    assert_eq!(two["region"]["text"], "in b1");
    assert_eq!(two["region"]["cells"].as_array().unwrap().len(), 9);
    assert!(two.get("step").is_none(), "{two}");
    let three = ok(&app, "hint", json!({"puzzle": PUZZLE, "level": 3})).await;
    assert_eq!(
        three["sentence"]["text"],
        "Hidden Single #6 in b1 => r2c3=6"
    );
    assert_eq!(three["step"]["placements"], json!([[2, 3, 6]]));
    assert!(three["svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(
        three["after"]["values"].as_str().unwrap().as_bytes()[11],
        b'6'
    );

    let steps = ok(&app, "steps", json!({"puzzle": PUZZLE, "limit": 5})).await;
    assert!(steps["total"].as_u64().unwrap() > 5);
    assert_eq!(steps["steps"].as_array().unwrap().len(), 5);
    let applied = ok(&app, "apply", json!({"puzzle": PUZZLE, "step": 1})).await;
    assert_eq!(applied["step"]["text"], steps["steps"][0]["step"]["text"]);
    let hint_applied = ok(&app, "apply", json!({"puzzle": PUZZLE})).await;
    assert_eq!(
        hint_applied["step"]["text"],
        "Hidden Single #6 in b1 => r2c3=6"
    );

    let solved = ok(
        &app,
        "solve",
        json!({"puzzle": PUZZLE, "pick": "easiest", "pictures": true}),
    )
    .await;
    assert_eq!(solved["status"], "solved");
    assert_eq!(solved["position"]["values"], SOLUTION);
    let taken = solved["steps"].as_array().unwrap();
    assert_eq!(taken.len(), solved["total"].as_u64().unwrap() as usize);
    assert!(
        taken
            .iter()
            .all(|s| s["svg"].as_str().unwrap().starts_with("<svg"))
    );
    let until = ok(&app, "solve", json!({"puzzle": PUZZLE, "until": 3})).await;
    assert_eq!(until["steps"].as_array().unwrap().len(), 3);

    let rated = ok(&app, "rate", json!({"puzzle": PUZZLE})).await;
    assert_eq!(rated["er"], 2.0);
    assert!(rated["line"].as_str().unwrap().ends_with(PUZZLE));
    let counted = ok(&app, "count", json!({"puzzle": PUZZLE})).await;
    assert_eq!(
        (counted["count"].as_str(), counted["solution"].as_str()),
        (Some("1"), Some(SOLUTION))
    );
    let canon = ok(&app, "canon", json!({"puzzle": PUZZLE})).await;
    assert_eq!(canon["canon"].as_str().unwrap().len(), 81);

    let (status, configs) = send(&app, get("/api/configs")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(configs.contains("\"rating\""), "{configs}");
    let shown = ok(&app, "config", json!({"config": "rating"})).await;
    assert!(shown["toml"].as_str().unwrap().contains("[[technique]]"));
    let first = &shown["view"]["techniques"][0];
    assert_eq!(
        (first["id"].as_str(), first["enabled"].as_bool()),
        (Some("last-digit"), Some(true))
    );
}

#[tokio::test]
async fn hints_use_the_config_sent_as_toml() {
    let app = router(&options());
    let naked = "[[technique]]\nid = \"naked-single\"\n";
    let hint = ok(
        &app,
        "hint",
        json!({"puzzle": PUZZLE, "level": 3, "config": naked}),
    )
    .await;
    assert_eq!(hint["technique"], "Naked Single");
    // A technique switched off is not used.
    let off = "[[technique]]\nid = \"hidden-single\"\nenabled = false\n[[technique]]\nid = \"naked-single\"\n";
    let hint = ok(&app, "hint", json!({"puzzle": PUZZLE, "config": off})).await;
    assert_eq!(hint["technique"], "Naked Single");
}

#[tokio::test]
async fn bad_requests_get_4xx_with_the_clis_words() {
    let app = router(&options());
    let (status, error) = refused(&app, "hint", &json!({"puzzle": "123"}).to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .starts_with("cannot read the puzzle: "),
        "{error}"
    );
    let none = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let (status, error) = refused(&app, "hint", &json!({"puzzle": none}).to_string()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    let open = format!(".{}", &PUZZLE[1..]).replacen('8', ".", 3);
    let (status, error) = refused(&app, "hint", &json!({"puzzle": open}).to_string()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("several solutions"),
        "{error}"
    );
    // A wrong digit placed by the player: named, alone, with its cell.
    let wrong = format!("2+3{}:", &PUZZLE[2..]);
    let (status, error) = refused(&app, "hint", &json!({"puzzle": wrong}).to_string()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error["mistakes"],
        json!([{"cell": "r1c2", "row": 1, "col": 2, "kind": "value", "digit": 3, "solution": 7}])
    );

    let (status, error) = refused(
        &app,
        "hint",
        &json!({"puzzle": PUZZLE, "config": "ratin"}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("did you mean `rating`?"),
        "{error}"
    );
    let (_, error) = refused(
        &app,
        "hint",
        &json!({"puzzle": PUZZLE, "config": "[[technique]]\nid = \"hiden-single\"\n"}).to_string(),
    )
    .await;
    assert!(
        error["message"].as_str().unwrap().contains("hidden-single"),
        "{error}"
    );
    let (_, error) = refused(
        &app,
        "hint",
        &json!({"puzzle": PUZZLE, "level": 4}).to_string(),
    )
    .await;
    assert!(
        error["message"].as_str().unwrap().contains("levels 1"),
        "{error}"
    );
    let (status, error) = refused(&app, "hnt", "{}").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("did you mean `hint`?"),
        "{error}"
    );
    let (_, error) = refused(&app, "hint", "{\"puzzle\": 3}").await;
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .starts_with("the request is not what was expected"),
        "{error}"
    );
    let (_, error) = refused(
        &app,
        "hint",
        &json!({"puzzle": PUZZLE, "levle": 2}).to_string(),
    )
    .await;
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("unknown field `levle`"),
        "{error}"
    );
    let (_, error) = refused(
        &app,
        "apply",
        &json!({"puzzle": PUZZLE, "step": 9999}).to_string(),
    )
    .await;
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("numbered from 1"),
        "{error}"
    );
}

#[tokio::test]
async fn configs_sent_to_the_server_load_no_plugin_and_read_no_file() {
    let app = router(&options());
    let plugin = "[plugins]\npaths = [\"/tmp/evil.so\"]\n[[technique]]\nid = \"hidden-single\"\n";
    let (status, error) = refused(
        &app,
        "hint",
        &json!({"puzzle": PUZZLE, "config": plugin}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("cannot load plugins"),
        "{error}"
    );
    let file = "extends = \"/etc/passwd\"\n";
    let (_, error) = refused(&app, "config", &json!({"config": file}).to_string()).await;
    let message = error["message"].as_str().unwrap();
    assert!(message.contains("not a shipped config"), "{message}");
    assert!(!message.contains("root"), "{message}");
    // A shipped config may be extended.
    let extended = "extends = \"rating\"\ndisable = [\"hidden-single\"]\n";
    let shown = ok(&app, "config", json!({"config": extended})).await;
    assert_eq!(shown["view"]["techniques"][1]["enabled"], false);
}

#[tokio::test]
async fn the_limits_hold() {
    let app = router(&options());
    let big = json!({"puzzle": "x".repeat(100_000)}).to_string();
    let (status, _) = send(&app, post("parse", &big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let mut plain = post("hint", &json!({"puzzle": PUZZLE}).to_string());
    plain
        .headers_mut()
        .insert(header::CONTENT_TYPE, "text/plain".parse().unwrap());
    let (status, text) = send(&app, plain).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{text}");
    let mut elsewhere = get("/");
    elsewhere
        .headers_mut()
        .insert(header::HOST, "attacker.example:18080".parse().unwrap());
    let (status, _) = send(&app, elsewhere).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, error) = refused(&app, "generate", &json!({"count": 1000}).to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error["message"].as_str().unwrap().contains("from 1 to 20"),
        "{error}"
    );
    let (status, error) = refused(
        &app,
        "generate",
        &json!({"symmetry": "sideways"}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("unknown symmetry"),
        "{error}"
    );
}

#[tokio::test]
async fn generate_streams_progress_then_the_puzzles() {
    let app = router(&options());
    let (status, text) = send(
        &app,
        post(
            "generate",
            &json!({"count": 2, "seed": 7, "symmetry": "rotational", "time_limit": 60}).to_string(),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    let answer = &last["answer"];
    assert_eq!(answer["seed"], 7);
    let puzzles = answer["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 2, "{text}");
    for p in puzzles {
        let puzzle = p["puzzle"].as_str().unwrap();
        let grid = kaidoku_engine::parse::parse(puzzle).unwrap();
        assert_eq!(grid.solutions(2).count, 1, "{puzzle}");
        let values = grid.values();
        assert!(
            (0..81).all(|i| (values[i] == 0) == (values[80 - i] == 0)),
            "{puzzle}"
        );
        assert_eq!(p["symmetry"], "rotational");
    }
    // The same seed, the same puzzles.
    let (_, again) = send(
        &app,
        post(
            "generate",
            &json!({"count": 2, "seed": 7, "symmetry": "rotational", "time_limit": 60}).to_string(),
        ),
    )
    .await;
    let again: Value = serde_json::from_str(again.lines().last().unwrap()).unwrap();
    assert_eq!(again["answer"]["puzzles"], answer["puzzles"]);
}

#[tokio::test]
async fn generate_takes_a_pattern_and_technique_filters() {
    let app = router(&options());
    let answer = |body: Value| {
        let app = app.clone();
        async move {
            let (status, text) = send(&app, post("generate", &body.to_string())).await;
            assert_eq!(status, StatusCode::OK, "{text}");
            let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
            last["answer"].clone()
        }
    };
    // Practice puzzles: the path fields say which step met the filter.
    let practice =
        answer(json!({"count": 2, "seed": 5, "practice": "x-wing", "time_limit": 60})).await;
    for p in practice["puzzles"].as_array().unwrap() {
        assert_eq!(
            p["path"]["met"],
            json!([{"filter": "practice", "kind": "x-wing"}]),
            "{p}"
        );
        assert_eq!(p["path"]["hardest"], "x-wing", "{p}");
    }
    // Clues exactly on the mask, one solution; not minimal unless asked.
    let mask = "x...x.......x..x..........x....x..x..x....x...x.x........x.xx..x.x....x.x........";
    let patterned = answer(json!({"seed": 1, "pattern": mask, "time_limit": 60})).await;
    let puzzle = patterned["puzzles"][0]["puzzle"].as_str().unwrap();
    assert!(
        puzzle
            .chars()
            .zip(mask.chars())
            .all(|(p, m)| (p != '.') == (m == 'x')),
        "{puzzle}"
    );
    assert_eq!(
        kaidoku_engine::parse::parse(puzzle)
            .unwrap()
            .solutions(2)
            .count,
        1
    );
    assert!(patterned["puzzles"][0].get("path").is_none());
    for (body, words) in [
        (
            json!({"practice": "x-wnig"}),
            "practice: unknown technique or step kind `x-wnig` (did you mean `x-wing`?)",
        ),
        (
            json!({"needs": ["xy-wing", "nope"]}),
            "needs: unknown technique or step kind `nope`",
        ),
        (
            json!({"pattern": "xx"}),
            "the pattern has 2 cells; it needs 81",
        ),
        (
            json!({"pattern": mask, "clues": [18, 20]}),
            "a pattern fixes the clues",
        ),
    ] {
        let (status, error) = refused(&app, "generate", &body.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            error["message"].as_str().unwrap().contains(words),
            "{error}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_are_served_side_by_side_and_a_long_one_is_cut_off() {
    // Two workers: a long request does not hold up a short one.
    let app = router(&options());
    let long = {
        let app = app.clone();
        tokio::spawn(async move {
            send(&app, post("rate", &json!({"puzzle": HARDEST}).to_string())).await
        })
    };
    let quick: Vec<_> = (0..4)
        .map(|_| {
            let app = app.clone();
            tokio::spawn(async move {
                send(&app, post("hint", &json!({"puzzle": PUZZLE}).to_string())).await
            })
        })
        .collect();
    for q in quick {
        let (status, text) = q.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{text}");
    }
    assert!(
        !long.is_finished(),
        "the long request was expected to take longer"
    );
    let (status, _) = long.await.unwrap();
    assert!(status == StatusCode::OK || status == StatusCode::SERVICE_UNAVAILABLE);

    // A request past its time is given up with a 503 that says so.
    let short = router(&ServeOptions {
        request_seconds: 1.0,
        ..options()
    });
    let (status, error) = refused(
        &short,
        "rate",
        &json!({"puzzle": HARDEST, "as_given": true}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("took longer than 1 s"),
        "{error}"
    );
}
