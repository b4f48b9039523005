use super::*;

fn ip(n: u32) -> IpAddr {
    IpAddr::V4(std::net::Ipv4Addr::from(0x7f00_0000 + n))
}

fn ms(n: u32) -> Duration {
    Duration::from_millis(n.into())
}

fn id(entry: Entry) -> u64 {
    match entry {
        Entry::Lobby(id) | Entry::Replacing { id, .. } => id,
        Entry::Busy => panic!("busy"),
    }
}

#[test]
fn silence_costs_a_lobby_place_not_a_slot_and_backs_the_address_off() {
    let now = Instant::now();
    let mut gate = Gate::new(now);
    // A full lobby of silent strangers: each newcomer takes the place of
    // the one silent longest.
    let silent: Vec<u64> = (0..LOBBY as u32)
        .map(|n| id(gate.arrive(ip(100 + n), now + ms(n))))
        .collect();
    let guest = gate.arrive(ip(1), now + ms(100));
    assert!(matches!(guest, Entry::Replacing { evicted, .. } if evicted == silent[0]));
    gate.spoke(id(guest), now);
    assert!(
        gate.start(id(guest), now).is_some(),
        "no silent one holds a slot"
    );
    // The one that made way, and one silent to the end, wait as after a failure.
    assert_eq!(gate.arrive(ip(100), now), Entry::Busy);
    gate.left(silent[1], true, now);
    assert_eq!(gate.arrive(ip(101), now), Entry::Busy);
    let later = now + Duration::from_secs(1);
    assert!(matches!(gate.arrive(ip(101), later), Entry::Lobby(_)));
}

#[test]
fn one_address_fills_no_more_than_its_share_of_the_lobby() {
    let now = Instant::now();
    let mut gate = Gate::new(now);
    let first = id(gate.arrive(ip(7), now));
    for n in 1..LOBBY_PER_ADDRESS as u32 {
        gate.arrive(ip(7), now + ms(n));
    }
    let next = gate.arrive(ip(7), now + ms(100));
    assert!(matches!(next, Entry::Replacing { evicted, .. } if evicted == first));
}

/// A connection from `from` that has sent its first message: its number.
fn spoken(gate: &mut Gate, from: IpAddr, now: Instant) -> u64 {
    let id = id(gate.arrive(from, now));
    gate.spoke(id, now);
    id
}

/// A gate whose guest at `guest` has completed a handshake.
fn joined_once(guest: IpAddr, now: Instant) -> Gate {
    let mut gate = Gate::new(now);
    let first = spoken(&mut gate, guest, now);
    let slot = gate.start(first, now).unwrap();
    gate.finished(slot, guest, Some(Ok(())), now);
    gate
}

#[test]
fn the_slots_are_few_and_one_is_kept_for_a_known_address() {
    let now = Instant::now();
    let mut gate = joined_once(ip(1), now);
    // Strangers take every slot.
    for n in 0..SLOTS as u32 {
        let stranger = spoken(&mut gate, ip(10 + n), now);
        assert!(gate.start(stranger, now).is_some());
    }
    let stranger = spoken(&mut gate, ip(99), now);
    assert_eq!(gate.start(stranger, now), None);
    gate.left(stranger, false, now);
    // The guest coming back still gets one.
    let back = spoken(&mut gate, ip(1), now);
    assert!(gate.start(back, now).is_some());
}

#[test]
fn failures_in_all_are_limited_but_not_for_a_known_address() {
    let now = Instant::now();
    let mut gate = joined_once(ip(1), now);
    // Each wrong guess from a new address: the allowance runs out.
    let mut failed = 0;
    for n in 0..100u32 {
        let stranger = spoken(&mut gate, ip(1000 + n), now);
        match gate.start(stranger, now) {
            Some(slot) => {
                gate.finished(slot, ip(1000 + n), Some(Err(())), now);
                failed += 1;
            }
            None => gate.left(stranger, false, now),
        }
    }
    assert_eq!(f64::from(failed), BURST);
    let back = spoken(&mut gate, ip(1), now);
    assert!(gate.start(back, now).is_some(), "the known guest");
    // Time gives the allowance back, at its rate.
    let later = now + Duration::from_secs(1);
    let stranger = spoken(&mut gate, ip(5000), later);
    assert!(gate.start(stranger, later).is_some());
    // A good handshake gives back what it held; another version too.
    let one = spoken(&mut gate, ip(5001), later);
    let slot = gate.start(one, later).unwrap();
    gate.finished(slot, ip(5001), Some(Ok(())), later);
    let two = spoken(&mut gate, ip(5002), later);
    let slot = gate.start(two, later).unwrap();
    gate.finished(slot, ip(5002), None, later);
}

#[test]
fn strangers_are_heard_in_the_order_they_spoke() {
    let now = Instant::now();
    let mut gate = Gate::new(now);
    let first = spoken(&mut gate, ip(10), now);
    let second = spoken(&mut gate, ip(11), now + ms(1));
    assert_eq!(gate.start(second, now), None, "not before the first");
    assert!(gate.start(first, now).is_some());
    assert!(gate.start(second, now).is_some());
}
