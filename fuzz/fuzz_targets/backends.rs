//! The portable backend's kernel against inari on any four doubles (NaN aside): both are
//! intervals or both refuse, and every operation gives the same ends (the same set, or both
//! empty), so the portable one is as tight as inari and as sound, including at infinities,
//! zeros of either sign, subnormals, overflow and the `2^-960` seam of its fast path.
//! (Run with Haswell flags, as RELIABILITY.md says, so that inari builds.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use surety_intervals::portable::Raw;

mod numbers;
use numbers::numbers;

fn same(p: Raw, i: inari::Interval) -> bool {
    (p.is_empty() && i.is_empty()) || (!p.is_empty() && p.inf() == i.inf() && p.sup() == i.sup())
}

fuzz_target!(|data: &[u8]| {
    let x = numbers(data);
    if x.len() < 4 || x.iter().any(|v| v.is_nan()) {
        return;
    }
    let pair = |lo: f64, hi: f64| {
        let (p, i) = (Raw::try_from((lo, hi)), inari::Interval::try_from((lo, hi)));
        assert_eq!(p.is_ok(), i.is_ok(), "[{lo}, {hi}]");
        p.ok().zip(i.ok())
    };
    let (Some((a, ai)), Some((b, bi))) = (pair(x[0], x[1]), pair(x[2], x[3])) else {
        return;
    };
    let check = |what: &str, p: Raw, i: inari::Interval| {
        assert!(same(p, i), "{what} of {a:?} and {b:?}: portable {p:?}, inari {i:?}");
    };
    check("+", a + b, ai + bi);
    check("-", a - b, ai - bi);
    check("*", a * b, ai * bi);
    check("/", a / b, ai / bi);
    check("sqr", a.sqr(), ai.sqr());
    check("sqrt", a.sqrt(), ai.sqrt());
    check("recip", a.recip(), ai.recip());
    check("abs", a.abs(), ai.abs());
    check("min", a.min(b), ai.min(bi));
    check("max", a.max(b), ai.max(bi));
    check("hull", a.convex_hull(b), ai.convex_hull(bi));
    check("intersection", a.intersection(b), ai.intersection(bi));
    assert_eq!(a.mid(), ai.mid(), "mid of {a:?}");
    assert_eq!(a.wid(), ai.wid(), "wid of {a:?}");
    assert_eq!(a.mig(), ai.mig(), "mig of {a:?}");
    assert_eq!(a.mag(), ai.mag(), "mag of {a:?}");
    assert_eq!(a.disjoint(b), ai.disjoint(bi));
    assert_eq!(a.subset(b), ai.subset(bi));
    assert_eq!(a.is_singleton(), ai.is_singleton());
});
