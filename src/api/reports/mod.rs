//! What a game or campaign is written out as, to keep or share: the after-action report, battle maps,
//! and the rolls and losses as CSV. (The campaign's report is `campaign_report.rs`, written with the same
//! pieces.)

pub mod csv;
mod game;
pub mod map;
pub mod markup;
mod rows;
