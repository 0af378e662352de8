//! Standard output and error without panics: `println!` panics on a closed pipe
//! (`kaidoku solve X | head -c1`) or a full disk (`>/dev/full`). Write errors keep their kind,
//! so `main` can end quietly on a broken pipe and name the problem otherwise.

use std::io::{self, BufWriter, StdoutLock, Write};

/// Buffered stdout whose errors say they are about the output.
pub struct Output(BufWriter<StdoutLock<'static>>);

pub fn stdout() -> Output {
    Output(BufWriter::with_capacity(1 << 16, io::stdout().lock()))
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(named)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf).map_err(named)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(named)
    }
}

fn named(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot write the output: {e}"))
}

/// A line on stderr; if stderr itself is gone there is nobody left to tell.
pub fn note(message: std::fmt::Arguments) {
    let _ = writeln!(io::stderr().lock(), "{message}");
}

/// Whether an error comes from writing to a pipe whose reader has gone: not worth a message.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
