//! The store's migrations are embedded by `sqlx::migrate!`, which reads the folders when `store/open.rs`
//! compiles; without this, a migration file added to a folder would not be seen until that file changed.
fn main() {
    println!("cargo:rerun-if-changed=src/store/migrations");
    println!("cargo:rerun-if-changed=src/store/migrations_postgres");
}
