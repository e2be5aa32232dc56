//! Constructors refuse what is not an interval, with errors that name the problem, and
//! never panic.

use surety_intervals::{End, Interval, IntervalError};

#[test]
fn nan_ends_are_refused_and_named() {
    assert_eq!(
        Interval::new(f64::NAN, 1.0),
        Err(IntervalError::NanEndpoint { end: End::Lo })
    );
    let err = Interval::new(1.0f32, f32::NAN).unwrap_err();
    assert_eq!(err, IntervalError::NanEndpoint { end: End::Hi });
    assert_eq!(err.to_string(), "interval upper end is NaN");
}

#[test]
fn reversed_ends_are_refused_with_both_values() {
    let err = Interval::new(3.0, -1.5).unwrap_err();
    assert_eq!(
        err.to_string(),
        "interval lower end 3 is greater than its upper end -1.5"
    );
}

#[test]
fn infinite_ends_on_the_wrong_side_are_refused() {
    assert_eq!(
        Interval::new(f64::INFINITY, f64::INFINITY),
        Err(IntervalError::InfiniteEndpoint { end: End::Lo })
    );
    assert_eq!(
        Interval::new(f32::NEG_INFINITY, f32::NEG_INFINITY),
        Err(IntervalError::InfiniteEndpoint { end: End::Hi })
    );
    assert!(Interval::new(f64::NEG_INFINITY, f64::INFINITY).is_ok());
}

#[test]
fn points_must_be_finite() {
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let err = Interval::point(bad).unwrap_err();
        assert!(
            matches!(err, IntervalError::NotFinite { what: "point", .. }),
            "{err}"
        );
    }
    assert_eq!(Interval::point(-0.0).unwrap().lo(), 0.0);
}

#[test]
fn hull_of_nothing_or_of_nan_is_refused() {
    assert_eq!(Interval::<f64>::hull([]), Err(IntervalError::EmptyHull));
    assert!(Interval::hull([1.0, f64::NAN]).is_err());
    let h = Interval::hull([2.0f32, -7.5, 0.25]).unwrap();
    assert_eq!((h.lo(), h.hi()), (-7.5, 2.0));
}

#[test]
fn widened_refuses_negative_and_non_finite_radii() {
    assert_eq!(
        Interval::widened(0.0, -1.0),
        Err(IntervalError::NegativeRadius { radius: -1.0 })
    );
    assert!(matches!(
        Interval::widened(0.0, f64::NAN),
        Err(IntervalError::NotFinite { what: "radius", .. })
    ));
    assert!(matches!(
        Interval::widened(f32::INFINITY, 1.0),
        Err(IntervalError::NotFinite { what: "center", .. })
    ));
}

#[test]
fn widened_by_a_radius_rounds_outward() {
    let w = Interval::widened(1.0f64, 1e-20).unwrap();
    assert!(w.lo() < 1.0 && 1.0 < w.hi());
    assert_eq!((w.lo().next_up(), w.hi().next_down()), (1.0, 1.0));
}

#[test]
fn sqrt_of_a_negative_interval_is_an_error_not_nan() {
    let err = Interval::new(-2.0, -1.0).unwrap().sqrt().unwrap_err();
    assert_eq!(err, IntervalError::SqrtOfNegative { hi: -1.0 });
    assert!(err.to_string().contains("no real value"));
}

// Only on the inari backend (the conversion from inari exists there alone).
#[cfg(surety_inari)]
#[test]
fn empty_inari_intervals_are_refused() {
    assert_eq!(
        Interval::try_from(inari::Interval::EMPTY),
        Err(IntervalError::Empty)
    );
}

#[test]
fn enclose_never_fails_and_stays_sound() {
    assert_eq!(Interval::enclose(f32::NAN), Interval::ENTIRE);
    let neg = Interval::enclose(f32::NEG_INFINITY);
    assert_eq!((neg.lo(), neg.hi()), (f32::NEG_INFINITY, f32::MIN));
}

#[test]
fn accessors_describe_the_set() {
    let x = Interval::new(-1.0, 3.0).unwrap();
    assert_eq!(x.mid(), 1.0);
    assert_eq!(x.width(), 4.0);
    assert_eq!(x.rad(), 2.0);
    assert_eq!(x.mag(), 3.0);
    assert_eq!(x.mig(), 0.0);
    let f = Interval::new(1.0f32, 1.0f32.next_up()).unwrap();
    assert!(f.contains(f.mid()));
    let r = f.rad();
    assert!(f64::from(f.mid()) - f64::from(r) <= 1.0);
}
