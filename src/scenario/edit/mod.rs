//! The scenario editor's changes, made to the file's text key by key (with `toml_edit`), so a file a
//! player wrote by hand keeps its comments, order and layout when the editor touches it. The text is the
//! editor's only truth: its undo is the texts before, and the loader checks each one as the CLI does.

mod apply;
mod path;
mod value;

pub use apply::{Edit, MAX_PATH_STEPS, apply_edits};
pub use path::{PathStep, path_at};
