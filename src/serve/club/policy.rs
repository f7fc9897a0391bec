//! What a member who is not the administrator may ask of the club's server. Listed, not excluded: a
//! command added to the app later is the administrator's until it is judged safe for every member here.
//! Each one is answered for the member's own seat in the game it is about (`Api::seat_in`), so reading
//! commands are safe to list; writing ones are listed only where a seat bounds them (`game_act`, notes).

const MEMBERS_MAY: &[&str] = &[
    // The games and campaigns, as the member's seats allow.
    "list_games",
    "list_archived",
    "list_campaigns",
    "campaign_record",
    "campaign_report",
    "campaign_ledger",
    "campaign_csv",
    "game_view",
    "game_view_at",
    "game_log",
    "game_odds",
    "game_dice",
    "game_forecast",
    "game_report",
    "game_map",
    "game_csv",
    "luck_ledger",
    "measure",
    "template",
    "annotations",
    "device_seat",
    "choose_seat",
    // Playing at the member's own seat, and notes beside the log.
    "game_act",
    "annotate",
    // Reading the shipped scenarios and army lists, and measuring on a photo of one's own table: nothing
    // of the club's is written.
    "list_scenarios",
    "scenario_text",
    "scenario_editor_info",
    "blank_scenario",
    "check_scenario",
    "edit_scenario",
    "scenario_balance",
    "army_book",
    "check_army",
    "open_photo",
    "calibrate_photo",
    "locate_on_photo",
    "measure_on_photo",
    "rectified_photo",
    "photo_marker_sheet",
    "find_photo_markers",
];

/// Whether a member (not the administrator) may send `command`.
pub fn member_may(command: &str) -> bool {
    MEMBERS_MAY.contains(&command)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_listed_command_is_a_command_of_the_app() {
        macro_rules! names {
            ($($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
                [$(stringify!($name)),*]
            };
        }
        let commands = crate::for_each_command!(names);
        for listed in super::MEMBERS_MAY {
            assert!(commands.contains(listed), "{listed} is not a command");
        }
        for writes in ["new_game_from_text", "rename_game", "archive_game", "import_game", "set_scenario_folder"] {
            assert!(!super::member_may(writes), "{writes} is the administrator's");
        }
    }
}
