fn main() -> std::process::ExitCode {
    quiet_on_a_closed_pipe();
    sandtable::cli::main()
}

/// `sandtable game log 1 | head` closes the pipe before the output ends: the command then stops quietly, as
/// other command-line tools do, instead of panicking on its next write. Not for `serve`, whose writes to a
/// closed socket must stay errors it handles rather than a signal that ends the server.
fn quiet_on_a_closed_pipe() {
    #[cfg(unix)]
    if !std::env::args().any(|a| a == "serve") {
        // SAFETY: restoring the default disposition of one signal, before any thread is started.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
}
