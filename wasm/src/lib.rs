//! Kaidoku in the browser: the play page's requests answered by [`kaidoku_api::Service`]
//! compiled to `wasm32-unknown-unknown` (the engine without its plugin host), so the page runs
//! as a static site with no server. `server/web/worker.js` loads the module in a Web Worker
//! and calls it; docs/wasm.md says how to build the site.
//!
//! The module's interface is one call, a request's name and JSON body in, the answer out, so
//! it is a handful of plain exports rather than generated bindings (no build tool beyond
//! cargo): `kaidoku_init` once after instantiation, `kaidoku_alloc` / `kaidoku_free` for the
//! request's bytes, `kaidoku_handle` (the answer's address; its length is
//! `kaidoku_answer_len`). It imports `env.kaidoku_progress(ptr, len)`, called with a
//! `generate` request's progress as JSON.

use kaidoku_api::service::Progress;
use kaidoku_api::{ConfigSource, Limits, Service};
use std::cell::RefCell;

thread_local! {
    static SERVICE: Service = {
        kaidoku_techniques::link();
        Service::new(
            ConfigSource::untrusted(),
            Limits {
                generate_threads: 1,
                ..Limits::default()
            },
        )
    };
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Answer the request `name` with JSON `body`: `{"ok": <answer>}` or `{"error": <error>}`,
/// the error as the server writes it (kind, message, mistakes). `progress` gets a `generate`
/// request's progress.
pub fn handle(name: &str, body: &str, progress: &mut dyn FnMut(Progress)) -> String {
    SERVICE.with(|service| match service.handle(name, body, progress) {
        Ok(answer) => format!("{{\"ok\":{answer}}}"),
        Err(error) => format!(
            "{{\"error\":{}}}",
            serde_json::to_string(&error).unwrap_or_else(|_| format!("{:?}", error.message))
        ),
    })
}

#[cfg(target_family = "wasm")]
mod exports {
    use super::{ANSWER, handle};

    unsafe extern "C" {
        /// The page's progress callback (`env.kaidoku_progress`): `len` bytes of JSON at `ptr`.
        fn kaidoku_progress(ptr: *const u8, len: usize);
        /// The constructors the linker gathers (the registry of techniques is built by them).
        fn __wasm_call_ctors();
    }

    /// Run once after instantiation: registers the built-in techniques.
    #[unsafe(no_mangle)]
    pub extern "C" fn kaidoku_init() {
        // SAFETY: the linker's constructor function, called once as its contract asks.
        unsafe { __wasm_call_ctors() };
    }

    /// `len` bytes for the page to write a request into.
    #[unsafe(no_mangle)]
    pub extern "C" fn kaidoku_alloc(len: usize) -> *mut u8 {
        let mut bytes = vec![0u8; len].into_boxed_slice();
        let ptr = bytes.as_mut_ptr();
        std::mem::forget(bytes);
        ptr
    }

    /// Give back what `kaidoku_alloc(len)` returned.
    ///
    /// # Safety
    /// `ptr` and `len` are those of one `kaidoku_alloc` call, freed once.
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn kaidoku_free(ptr: *mut u8, len: usize) {
        // SAFETY: as the caller promises, a box of `len` bytes made by `kaidoku_alloc`.
        drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) });
    }

    /// Answer a request (see [`handle`]); the answer stays at the returned address until the
    /// next call, `kaidoku_answer_len()` bytes long.
    ///
    /// # Safety
    /// The two byte ranges are the page's, written with `kaidoku_alloc`.
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn kaidoku_handle(
        name: *const u8,
        name_len: usize,
        body: *const u8,
        body_len: usize,
    ) -> *const u8 {
        // SAFETY: as the caller promises.
        let (name, body) = unsafe {
            (
                std::slice::from_raw_parts(name, name_len),
                std::slice::from_raw_parts(body, body_len),
            )
        };
        let text = |bytes| String::from_utf8_lossy(bytes).into_owned();
        let answer = handle(&text(name), &text(body), &mut |progress| {
            let json = serde_json::to_string(&progress).unwrap_or_default();
            // SAFETY: the page's function reads `len` bytes at `ptr` during the call.
            unsafe { kaidoku_progress(json.as_ptr(), json.len()) };
        });
        ANSWER.with(|kept| {
            let mut kept = kept.borrow_mut();
            *kept = answer.into_bytes();
            kept.as_ptr()
        })
    }

    /// The length of the last answer.
    #[unsafe(no_mangle)]
    pub extern "C" fn kaidoku_answer_len() -> usize {
        ANSWER.with(|kept| kept.borrow().len())
    }
}

#[cfg(test)]
mod tests {
    use super::handle;

    const PUZZLE: &str =
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";

    #[test]
    fn answers_and_errors_come_in_their_envelopes() {
        let hint = handle(
            "hint",
            &format!("{{\"puzzle\": \"{PUZZLE}\", \"level\": 2}}"),
            &mut |_| {},
        );
        let value: serde_json::Value = serde_json::from_str(&hint).unwrap();
        assert_eq!(
            value["ok"]["text"],
            "Look for a Hidden Single (ER 1.2) in b1."
        );
        let bad = handle("hint", "{\"puzzle\": \"123\"}", &mut |_| {});
        let value: serde_json::Value = serde_json::from_str(&bad).unwrap();
        assert_eq!(value["error"]["kind"], "bad-input");
        let mut reports = 0;
        let made = handle("generate", "{\"seed\": 3, \"count\": 2}", &mut |_| {
            reports += 1
        });
        let value: serde_json::Value = serde_json::from_str(&made).unwrap();
        assert_eq!(value["ok"]["puzzles"].as_array().unwrap().len(), 2);
        assert!(reports > 0);
    }
}
