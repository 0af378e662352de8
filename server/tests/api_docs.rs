//! docs/api.md's examples are real: each request, sent through the server's routes, is
//! answered, and the answer has the keys the documented answer shows (one level deep).

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

const DOC: &str = include_str!("../../docs/api.md");
const PORT: u16 = 18081;

/// Each `## name` section's request and answer blocks.
fn examples() -> Vec<(String, Value, Value)> {
    let mut out = Vec::new();
    for section in DOC.split("\n## ").skip(1) {
        let name = section
            .lines()
            .next()
            .unwrap_or_default()
            .trim()
            .to_string();
        let blocks: Vec<&str> = section
            .split("```json\n")
            .skip(1)
            .map(|b| b.split("\n```").next().unwrap_or_default())
            .collect();
        assert_eq!(blocks.len(), 2, "section {name}: a request and an answer");
        let parse = |text: &str| -> Value {
            serde_json::from_str(text).unwrap_or_else(|e| panic!("section {name}: {e}: {text}"))
        };
        out.push((name.clone(), parse(blocks[0]), parse(blocks[1])));
    }
    out
}

/// The keys of `value` and of the objects in it, as `key` and `key.inner`.
fn keys(value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if let Value::Object(map) = value {
        for (key, inner) in map {
            if key == "…" {
                continue;
            }
            out.push(key.clone());
            if let Value::Object(inner) = inner {
                if inner.contains_key("…") {
                    continue;
                }
                out.extend(inner.keys().map(|k| format!("{key}.{k}")));
            }
        }
    }
    out.sort();
    out
}

#[tokio::test]
async fn every_documented_request_is_answered_with_the_documented_keys() {
    kaidoku_techniques::link();
    let app = kaidoku_server::router(&kaidoku_server::ServeOptions {
        port: PORT,
        workers: 2,
        ..Default::default()
    });
    let examples = examples();
    let names: Vec<&str> = examples.iter().map(|(n, _, _)| n.as_str()).collect();
    assert_eq!(
        names,
        kaidoku_api::service::REQUESTS,
        "one section per request, in order"
    );
    for (name, request, documented) in examples {
        let response = app
            .clone()
            .oneshot(
                Request::post(format!("/api/{name}"))
                    .header(header::HOST, format!("127.0.0.1:{PORT}"))
                    .header(header::CONTENT_TYPE, "application/json")
                    .body(Body::from(request.to_string()))
                    .expect("a request"),
            )
            .await
            .expect("an answer");
        assert_eq!(response.status(), StatusCode::OK, "{name}");
        let body = response
            .into_body()
            .collect()
            .await
            .expect("a body")
            .to_bytes();
        let text = String::from_utf8(body.to_vec()).expect("UTF-8");
        // `generate` streams: its answer is the last line.
        let last = text.lines().last().unwrap_or_default();
        let answer: Value = serde_json::from_str(last).expect("JSON");
        let (answer, documented) = match name.as_str() {
            "generate" => (answer["answer"].clone(), documented["answer"].clone()),
            _ => (answer, documented),
        };
        let want = keys(&documented);
        let have = keys(&answer);
        let missing: Vec<&String> = want.iter().filter(|k| !have.contains(k)).collect();
        // Keys inside an object the documentation cuts short (`"…": "…"`) need no mention.
        let elided = |key: &str| {
            key.split_once('.')
                .is_some_and(|(top, _)| documented[top].get("…").is_some())
        };
        let undocumented: Vec<&String> = have
            .iter()
            .filter(|k| !want.contains(k) && !elided(k))
            .collect();
        assert!(
            missing.is_empty(),
            "{name}: documented but not answered: {missing:?}\n{answer}"
        );
        assert!(
            undocumented.is_empty(),
            "{name}: answered but not documented: {undocumented:?}"
        );
    }
}
