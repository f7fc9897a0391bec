use sandtable::systems::estate_dei_boxers::check_map::problems;

use crate::common::Fixture;

#[test]
fn the_shipped_map_passes_the_map_checker() {
    let f = Fixture::shipped();
    assert_eq!(problems(&f.map), Vec::new());
    assert!(f.map.size[0] > 0.0);
}

#[test]
fn the_map_checker_finds_an_arrow_loop_and_a_wall_without_ramps() {
    let f = Fixture::shipped();
    let mut map = f.map.clone();
    let (mm, gb1) = (f.zone("MM"), f.zone("GB1"));
    use sandtable::systems::estate_dei_boxers::map::Arrow;
    map.red[mm as usize] = Some(Arrow::To(gb1));
    let found = problems(&map);
    assert!(found.iter().any(|(_, p)| p.contains("loop without ever leaving")), "{found:?}");
    let mut map = f.map.clone();
    let (tw1, us) = (f.zone("TW1"), f.zone("US"));
    map.walk[tw1 as usize] |= 1 << us;
    map.walk[us as usize] |= 1 << tw1;
    let found = problems(&map);
    assert!(found.iter().any(|(_, p)| p.contains("only a ramp leads off the wall")), "{found:?}");
}

#[test]
fn every_entry_zones_red_arrow_leads_into_the_quarter_and_each_zone_is_in_one_quarter() {
    let f = Fixture::shipped();
    let all = f.map.quarters.iter().fold(0u64, |m, q| {
        assert_eq!(m & q, 0, "quarters overlap");
        m | q
    });
    assert_eq!(all, f.map.all());
    for e in f.map.entries {
        assert!(f.map.zones[e as usize].entry.is_some());
    }
}
