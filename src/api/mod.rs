//! The command layer: one async function per command the UI can send. The Tauri shell and
//! `sandtable serve` both call these, so the desktop window and a browser on the LAN see the same engine.

mod annotations;
mod budget;
mod campaign_record;
mod campaign_report;
pub mod candidates;
mod changes;
mod club_acts;
mod club_page;
mod commands;
mod error;
mod game_file;
mod ledger;
mod live;
mod measure;
mod photo;
mod records;
pub(crate) mod reports;
mod scenario_desk;
mod scenario_draft;
mod seat;
mod seen;
mod sent;
mod session;
mod store_copy;
mod template;
mod views;

pub use crate::game::LogEntry;
pub use annotations::AnnotationView;
pub use budget::within_budget;
pub use campaign_record::{
    BattleUnit, BattleView, CampaignRecordView, Carry, CarryChoices, RecordedResult, ResultFrom, ResultView,
    RosterBattleView, RosterUnitView, SideLosses, SystemUsed, UnitOverride,
};
pub use campaign_report::seed_words;
pub use changes::{SentView, ViewChange};
pub use club_page::{
    ClubBattle, ClubMemberView, ClubPageView, ClubSeatView, ClubSide, MemberLuck, Standing, SystemStandings,
};
pub use commands::COMMANDS;
pub use error::{ApiError, ErrorKind};
pub use game_file::GAME_FILE_FORMAT;
pub use ledger::{LedgerEntry, LedgerRow, LedgerView};
pub use live::LiveEntry;
pub use measure::Measurement;
pub use photo::{MOST_PHOTO_BYTES, PhotoCalibrationView, PhotoView, PhotoViewOf, RectifiedView};
pub use scenario_desk::{EditorInfo, KindInfo, ScenarioFolderView};
pub use scenario_draft::{DraftProblem, KindCount, ScenarioDraft, SideForces};
pub use seat::{ClubSeats, Device, DeviceSeat, as_device, elsewhere};
pub use session::Api;
pub(crate) use session::read_seed;
pub use store_copy::{CopyReport, GameReplayed, Replayed, TableRows, copy_database};
pub use template::{FigureUnder, TemplateView};
pub use views::{
    ArchivedView, CampaignView, FigureView, GameSummary, GameView, LOG_WINDOW, OptionView, ScenarioSummary,
    ScenarioUnit, SideView, TerrainView, UnitView,
};
