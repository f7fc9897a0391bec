//! The desk side of When Empires Clash!: the army builder's commands (the lists, the live checker, saving
//! an army, a one-off battle previewed before it starts) and `sandtable armies` on the command line. The
//! app's commands and the CLI reach them through `crate::systems::desk`.

mod book;
mod cli;

pub use super::draft::{Draft, DraftCheck, DraftFinding, DraftLine, Target};
pub use super::one_off::{PlacedPiece, Plan};
pub use book::{ArmyBook, BookEntry, OneOffPreview, PieceView, StandKindView, WeaponChoice};
pub use cli::{check_list_file, run as run_cli};
