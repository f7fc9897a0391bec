fn main() -> std::process::ExitCode {
    sandtable::cli::main()
}
