use sandtable::systems::estate_dei_boxers::siege::{DayCard, Stage, Waits};

use crate::common::{Fixture, Typed};

/// Event 2 "ripiegare tutti le pedine nell'ultima zona intatta della Legazione", and 6.5 "-1 per ogni
/// grande legazione non occupata": the French soldiers who survive the mines fall back into F3, so the
/// French legation is never left empty and costs no morale.
#[test]
fn the_mines_survivors_fall_back_before_the_legation_is_judged_empty() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = f.empty();
    f.put(&mut s, "fr-1", "F1");
    f.put(&mut s, "fr-2", "F2");
    f.put(&mut s, "civilians-usa-1", "F3");
    s.tracks.day = 3;
    s.today.card = Some(DayCard::Picture { red: true });
    s.stage = Stage::Event;
    // Event 1 + 1 = 2; the second mine's die 2 (F2); F1 shelled at 6 and F2 at 1, both on column 8.
    let mut io = Typed::new(&[1, 1, 2, 6, 1]);
    s.run(&rules, &mut io, &mut Waits, true);
    assert!(io.said("Two mines explode"), "{:?}", io.lines);
    assert!(io.said("fall back to French Legation (F3, south)"), "{:?}", io.lines);
    assert!(!io.said("French legation is left without soldiers"), "{:?}", io.lines);
}
