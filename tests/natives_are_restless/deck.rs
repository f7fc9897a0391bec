//! Unit Activation: black activates the defenders, red the natives; 2-10 one action, a picture two, an ace
//! three, then melees or reinforcements; the Ace of Spades and the relief column; jokers.

use sandtable::systems::natives_are_restless::{Army, Change, NativesAreRestless, Relief, Stage};

use crate::support::{Siege, squad};

fn siege() -> Siege {
    Siege::mustered(&squad("a", (20.0, 20.0)))
}

#[test]
fn a_black_number_card_gives_the_defenders_one_action() {
    let mut s = siege();
    let line = s.draw("7C");
    assert!(line.contains("the defenders take 1 action"), "{line}");
    assert_eq!((s.turn().side, s.turn().actions_left, s.turn().picture), (Some(Army::Defenders), 1, false));
    let refusal = s.refused(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    assert!(refusal.message.contains("red card"), "{refusal:?}");
    s.ok(r#"{"type":"pass"}"#);
    assert_eq!(s.turn().stage, Stage::Draw, "a number card brings neither melee nor reinforcements");
}

#[test]
fn a_red_picture_card_gives_the_natives_two_actions_then_the_reinforcement_roll() {
    let mut s = siege();
    s.draw("QH");
    assert_eq!((s.turn().side, s.turn().actions_left, s.turn().picture), (Some(Army::Natives), 2, true));
    s.ok(r#"{"type":"move","unit":"natives-1","path":[{"x":21.5,"y":5}]}"#);
    s.ok(r#"{"type":"move","unit":"natives-1","path":[{"x":21.5,"y":9}]}"#);
    assert_eq!(s.turn().stage, Stage::Reinforcement, "no melee: the natives roll for reinforcements");
    let refusal = s.refused(r#"{"type":"draw_card"}"#);
    assert!(refusal.message.contains("reinforcements"), "{refusal:?}");
}

#[test]
fn a_black_picture_card_also_brings_the_native_reinforcement_roll() {
    let mut s = siege();
    s.draw("KS");
    s.ok(r#"{"type":"pass"}"#);
    assert_eq!(s.turn().stage, Stage::Reinforcement, "regardless of whether the picture card was black or red");
}

#[test]
fn an_ace_gives_three_actions() {
    let mut s = siege();
    s.draw("AD");
    assert_eq!((s.turn().side, s.turn().actions_left), (Some(Army::Natives), 3));
}

#[test]
fn the_first_ace_of_spades_sights_the_relief_column() {
    let mut s = siege();
    let line = s.draw("AS");
    assert!(line.contains("relief column is sighted"), "{line}");
    assert_eq!(s.turn().relief, Relief::Sighted { reshuffle_left: true });
    assert_eq!(s.turn().actions_left, 3, "it is an ace as well: three actions");
    assert!(!s.siege_view().ace_of_spades_in_deck);
}

#[test]
fn the_second_ace_of_spades_brings_the_relief_column_and_ends_the_game() {
    let mut s = siege();
    s.draw("AS");
    s.ok(r#"{"type":"pass"}"#);
    s.ok(r#"{"type":"reinforce","dice":[6]}"#);
    s.draw("joker");
    assert!(s.siege_view().ace_of_spades_in_deck, "the joker after the sighting puts the Ace of Spades back");
    s.muster_basic();
    let line = s.draw("AS");
    assert!(line.contains("The siege is over. The relief column arrives"), "{line}");
    assert_eq!((s.turn().winner, s.turn().stage), (Some(Army::Defenders), Stage::Over));
    let refusal = s.refused(r#"{"type":"draw_card"}"#);
    assert!(refusal.message.contains("over"), "{refusal:?}");
}

#[test]
fn a_joker_raises_a_group_on_every_edge_reshuffles_and_takes_no_actions() {
    let mut s = siege();
    s.draw("5C");
    s.ok(r#"{"type":"pass"}"#);
    let line = s.draw("joker");
    assert!(line.contains("reinforcements on every edge") && line.contains("reshuffled"), "{line}");
    assert_eq!(s.turn().deck.remaining(), 54, "every card back, the joker too");
    assert_eq!((s.turn().actions_left, s.turn().stage), (0, Stage::Muster));
    assert_eq!(s.turn().edges_owed, vec![1, 2, 3, 4]);
    let refusal = s.refused(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    assert!(refusal.message.contains("no card's actions"), "{refusal:?}");
}

#[test]
fn a_joker_after_the_sighting_reshuffles_once_and_only_once() {
    let mut s = siege();
    s.draw("AS");
    s.ok(r#"{"type":"pass"}"#);
    s.ok(r#"{"type":"reinforce","dice":[5]}"#);
    let first = s.draw("joker");
    assert!(first.contains("reshuffled"), "{first}");
    let reshuffles = s.changes::<NativesAreRestless>().into_iter().filter(|c| matches!(c, Change::Reshuffled { .. }));
    assert_eq!(reshuffles.count(), 1);
    assert_eq!(s.turn().relief, Relief::Sighted { reshuffle_left: false });
    s.muster_basic();
    s.draw("3C");
    s.ok(r#"{"type":"pass"}"#);
    let second = s.draw("joker");
    assert!(second.contains("no reshuffle"), "{second}");
    let reshuffles = s.changes::<NativesAreRestless>().into_iter().filter(|c| matches!(c, Change::Reshuffled { .. }));
    assert_eq!(reshuffles.count(), 0);
    assert_eq!(s.turn().deck.remaining(), 52, "the 3 of clubs and the second joker stay drawn");
    assert_eq!(s.turn().edges_owed, vec![1, 2, 3, 4], "later jokers still bring reinforcements");
}

#[test]
fn the_log_makes_the_deck_state_plain() {
    let mut s = siege();
    let line = s.draw("9H");
    assert!(line.contains("53 cards left") && line.contains("Ace of Spades still in the deck"), "{line}");
    let refusal = s.refused(r#"{"type":"next_turn"}"#);
    assert!(refusal.message.contains("draw a card"), "{refusal:?}");
}

#[test]
fn a_card_already_drawn_cannot_be_typed_again_until_a_reshuffle() {
    let mut s = siege();
    s.draw("9H");
    s.ok(r#"{"type":"pass"}"#);
    s.refused(r#"{"type":"draw_card","card":"9H"}"#);
}

#[test]
fn each_card_is_a_turn() {
    let mut s = siege();
    s.draw("2C");
    assert_eq!(s.game.state().turn, 1);
    s.ok(r#"{"type":"pass"}"#);
    s.draw("3C");
    assert_eq!(s.game.state().turn, 2);
}
