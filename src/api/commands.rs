//! Every command the app sends, declared once. The Tauri shell (`src-tauri/src/commands.rs`), the HTTP
//! routes of `sandtable serve` (`src/serve/dispatch.rs`) and the TypeScript bindings are all generated
//! from this list: `for_each_command!(my_macro)` hands `my_macro` every command as
//! `/// docs name(arg: Type, ...) -> Returns;`, and each command calls the `Api` method of its name (each
//! argument converted `into` the method's type).
//! A new command is one line here and one method on `Api`.

#[macro_export]
macro_rules! for_each_command {
    ($callback:ident) => {
        $callback! {
            /// The scenarios shipped with the app, then the player's own (`yours/<file>`), one that no longer
            /// loads listed with its problem.
            list_scenarios() -> Vec<$crate::api::ScenarioSummary>;
            /// The folder the player's scenarios are kept in, and whether they chose it.
            scenario_folder() -> $crate::api::ScenarioFolderView;
            /// Chooses the folder for the player's scenarios (a full path), or with null the default.
            set_scenario_folder(path: Option<String>) -> $crate::api::ScenarioFolderView;
            /// A scenario's text by the name the list gives, to edit a copy or to share it.
            scenario_text(name: String) -> String;
            /// A new scenario of a system (its sides and own tables, no units or terrain), as the editor reads it.
            blank_scenario(system: String) -> $crate::api::ScenarioDraft;
            /// A scenario's text read by the same loader as `sandtable scenario check`: the first problem at
            /// its line and field, the document for the forms, the table as a game would begin, the forces.
            check_scenario(text: String) -> $crate::api::ScenarioDraft;
            /// The text with the editor's changes made key by key (comments and layout kept), then checked.
            edit_scenario(text: String, edits: Vec<$crate::scenario::edit::Edit>) -> $crate::api::ScenarioDraft;
            /// Saves a scenario that loads into the player's folder (`file` or one named from its title);
            /// an existing file is replaced only with `replace`.
            save_scenario(text: String, file: Option<String>, replace: bool) -> $crate::api::ScenarioSummary;
            /// A shared scenario file, checked whole and saved among the player's own under its file name.
            import_scenario(file_name: String, text: String) -> $crate::api::ScenarioSummary;
            /// What an author may put in a scenario of a system: kinds, weapons, own keys, covers, options.
            scenario_editor_info(system: String) -> $crate::api::EditorInfo;
            /// A scenario played out from its start many times by a system the engine plays by itself.
            scenario_balance(text: String, games: Option<u32>) -> $crate::rules::Forecast;
            /// Opens a photo of the real table (JPEG, PNG or WebP, sent as base64) on the host, upright by its
            /// EXIF orientation; a damaged, unsupported or oversized file is refused saying what to do.
            open_photo(file_name: String, data: String) -> $crate::api::PhotoView;
            /// Fits a photo's view of the table through known points (the four corners in order, then any
            /// more for a least-squares fit): the maps both ways, the fit's misses and how good it is.
            calibrate_photo(view: $crate::api::PhotoViewOf) -> $crate::api::PhotoCalibrationView;
            /// The distance on the table between two spots on a photo, in inches, with its uncertainty.
            measure_on_photo(
                view: $crate::api::PhotoViewOf,
                from: $crate::photo::PhotoPt,
                to: $crate::photo::PhotoPt
            ) -> $crate::photo::MeasuredDistance;
            /// Where spots on a photo stand on the table, each with how far it may be off.
            locate_on_photo(view: $crate::api::PhotoViewOf, spots: Vec<$crate::photo::PhotoPt>) -> Vec<$crate::photo::Located>;
            /// A photo redrawn from straight above the table, with `margin` inches round it (1 when null).
            rectified_photo(view: $crate::api::PhotoViewOf, margin: Option<f64>) -> $crate::api::RectifiedView;
            /// The sheet of four corner markers to print (`paper` "a4" or "letter"): an SVG drawn at true size.
            photo_marker_sheet(paper: String) -> String;
            /// The four corner markers found on an open photo: sixteen known points (each marker's square
            /// corners at their table inches) to fit its view by, or why they were not all found.
            find_photo_markers(photo: String, table: $crate::measure::Table) -> Vec<$crate::photo::KnownPoint>;
            /// Every campaign in the database.
            list_campaigns() -> Vec<$crate::api::CampaignView>;
            /// Creates a campaign with this name.
            create_campaign(name: String) -> $crate::api::CampaignView;
            /// Renames a campaign (no two share a name, in any case).
            rename_campaign(id: i64, name: String) -> $crate::api::CampaignView;
            /// Puts a campaign away (off the list, its games kept), or brings it back.
            archive_campaign(id: i64, archived: bool) -> $crate::api::CampaignView;
            /// Renames a game (its scenario's title stays on its card).
            rename_game(id: i64, name: String) -> $crate::api::GameSummary;
            /// Moves a game into a campaign, or out of any when `campaign` is null.
            move_game(id: i64, campaign: Option<i64>) -> $crate::api::GameSummary;
            /// Puts a game away (off the list, kept whole), or brings it back.
            archive_game(id: i64, archived: bool) -> $crate::api::GameSummary;
            /// A campaign's report: its battles in order, where each stands and its whole log with the dice;
            /// `format` is `md` (Markdown) or `html` (a page to print).
            campaign_report(id: i64, format: String) -> String;
            /// A campaign's record: its players, the systems its battles use, its battles oldest first (day,
            /// scenario, result, each side's losses, notes) and its roster with each named unit's history.
            campaign_record(id: i64) -> $crate::api::CampaignRecordView;
            /// Replaces a campaign's players, in the order given.
            set_campaign_players(id: i64, players: Vec<String>) -> $crate::api::CampaignRecordView;
            /// Records what the players say of a game as a battle: the day played (YYYY-MM-DD), the result,
            /// the winning side and notes; a field left null stays as it was, an empty one is cleared.
            record_battle(
                game: i64,
                played_on: Option<String>,
                result: Option<String>,
                winner: Option<String>,
                notes: Option<String>
            ) -> $crate::api::BattleView;
            /// Named units of a game (by unit id) join its campaign's roster, raised with the figures they
            /// began the game with.
            enlist_units(game: i64, units: Vec<String>) -> $crate::api::CampaignRecordView;
            /// Starts a game of a shipped scenario in a campaign, each `carry` putting a roster unit in as one
            /// of the scenario's units, with the figures its last battle left it; refused, storing nothing,
            /// for a unit of another side, one whose last battle is not closed, or a system whose units are
            /// all one size.
            new_campaign_game(
                scenario: String,
                seed: Option<String>,
                campaign: i64,
                options: Option<std::collections::BTreeMap<String, bool>>,
                carry: Vec<$crate::api::Carry>
            ) -> $crate::api::GameView;
            /// Closes a battle: each roster unit's losses from the game, and what it starts the next battle
            /// with by `rule` (`survivors`, `full` or `half`) or a unit's own number in `overrides`.
            close_battle(game: i64, rule: String, overrides: Vec<$crate::api::UnitOverride>) -> $crate::api::CampaignRecordView;
            /// A game's after-action report: sides and forces, the result by its rules, losses per side, the
            /// table drawn after each of `moments` (entry seqs; null: the start and the end) and the whole log with
            /// the dice; `format` is `md` or `html` (a page to print), the maps inside as PNG data.
            game_report(id: i64, format: String, moments: Option<Vec<u32>>) -> String;
            /// The battle map after entry `at` (the table as it stands when null), as a PNG in base64.
            game_map(id: i64, at: Option<u32>) -> String;
            /// Every roll (`what` = `rolls`) or every loss in force (`losses`) of a game, as CSV.
            game_csv(id: i64, what: String) -> String;
            /// The rolls or losses of a campaign's games, oldest game first, as CSV with a `game` column.
            campaign_csv(id: i64, what: String) -> String;
            /// The game as a file's text (JSON: its scenario, options, seed and log), to share.
            export_game(id: i64) -> String;
            /// A game file's text, checked by replaying it whole and stored as a new game; a bad or newer
            /// file is refused, changing nothing.
            import_game(text: String) -> $crate::api::GameSummary;
            /// The campaigns and games put away.
            list_archived() -> $crate::api::ArchivedView;
            /// The games in play of one campaign, or every game in play when `campaign` is null.
            list_games(campaign: Option<i64>) -> Vec<$crate::api::GameSummary>;
            /// Starts a game from a shipped scenario; `seed` is a whole number as text, or null for a random
            /// one; `options` sets the ruleset's named rulings for this game (others keep the scenario's).
            new_game(
                scenario: String,
                seed: Option<String>,
                campaign: Option<i64>,
                options: Option<std::collections::BTreeMap<String, bool>>
            ) -> $crate::api::GameView;
            /// Sits this device (or the app's window) at a seat: the whole table, one side, or the referee.
            /// Every game view, log page and live entry it is sent then leaves out what its seat may not see.
            choose_seat(seat: $crate::rules::Seat) -> $crate::rules::Seat;
            /// Where this device sits (in `game`, where given: a club member's seat is given game by game),
            /// and whether it may sit elsewhere: a device that joined sits where the code it joined with puts it.
            device_seat(game: Option<i64>) -> $crate::api::DeviceSeat;
            /// The game as it stands, folded from its log.
            game_view(id: i64) -> $crate::api::GameView;
            /// The game as the table stood just after entry `at` (a `seq`), replayed from its log: a game read
            /// back at any point of it. Nothing is changed.
            game_view_at(id: i64, at: u32) -> $crate::api::GameView;
            /// Applies an action (committed to the log before it is shown) and answers with what it changed in the
            /// view the seat held before it (`ViewChange`): a device holding that version applies it, any other
            /// reads `game_view` again.
            game_act(id: i64, action: $crate::systems::ActionInput) -> $crate::api::ViewChange;
            /// The exact odds of an action's outcome; nothing is applied or recorded.
            game_odds(id: i64, action: $crate::systems::ActionInput) -> $crate::odds::OddsView;
            /// How far dice typed so far (the action's `dice`) get: the rolls the rules have called for, each
            /// with its faces, the next one to type, or the roll a bad face belongs to. Nothing is recorded.
            game_dice(id: i64, action: $crate::systems::ActionInput) -> $crate::game::DiceCheck;
            /// Writes a note beside entry `at` (a `seq`) of the game's log; the game and its log are not changed.
            annotate(game: i64, at: u32, text: String) -> $crate::api::AnnotationView;
            /// Takes a note away; answers with the notes its game has left.
            remove_annotation(id: i64) -> Vec<$crate::api::AnnotationView>;
            /// The game's notes, in the order of its log.
            annotations(game: i64) -> Vec<$crate::api::AnnotationView>;
            /// The log's entries before `before` (a `seq`; the end when null), the newest `count` of them
            /// (all when null), oldest first: the log panel paging back past the game view's window.
            game_log(id: i64, before: Option<u32>, count: Option<u32>) -> Vec<$crate::game::LogEntry>;
            /// "What if": the game played out from here under each of the player's plans (`games` each, or
            /// the default), for a system Sandtable can play to the end by itself. Nothing is recorded.
            game_forecast(id: i64, games: Option<u32>) -> $crate::rules::Forecast;
            /// The luck ledger of a game: each side's throws (hits, kills, morale passes, movement inches)
            /// against their exact chances, added up and worded by how rarely a game does so, and each throw.
            luck_ledger(id: i64) -> $crate::api::LedgerView;
            /// The same for a campaign: its games' throws added up per side (matched by name) and measure.
            campaign_ledger(id: i64) -> $crate::api::LedgerView;
            /// The distance and line between two units (by unit id).
            measure(id: i64, from: String, to: String) -> $crate::api::Measurement;
            /// Every figure of either side under a circular template (inches), a figure on the edge included.
            template(id: i64, center: $crate::measure::Pt, radius: f64) -> $crate::api::TemplateView;
            /// Starts a game from a scenario's text (a one-off battle the app set up), checked as a file is.
            new_game_from_text(name: String, source: String, seed: Option<String>, campaign: Option<i64>) -> $crate::api::GameView;
            /// The army lists (the text's and those saved from the app), stand types and weapons.
            army_book() -> $crate::systems::desk::ArmyBook;
            /// What an army being built breaks, for a battle of the agreed value or a thrown one.
            check_army(army: $crate::systems::desk::Draft, target: $crate::systems::desk::Target) -> $crate::systems::desk::DraftCheck;
            /// Saves an army beside the database, by its name.
            save_army(army: $crate::systems::desk::Draft) -> $crate::systems::desk::BookEntry;
            /// A one-off battle's set-up throws (typed, or the app's from the seed) and the battle they make,
            /// with the terrain the players placed and the edge the baseline's winner chose, where given.
            one_off_preview(
                first: $crate::systems::desk::Draft,
                second: $crate::systems::desk::Draft,
                seed: Option<String>,
                thrown: bool,
                dice: Option<Vec<i64>>,
                plan: Option<$crate::systems::desk::Plan>
            ) -> $crate::systems::desk::OneOffPreview;
        }
    };
}

/// The name of every command, in the list's order.
macro_rules! command_names {
    ($($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
        &[$(stringify!($name)),*]
    };
}

pub const COMMANDS: &[&str] = for_each_command!(command_names);
