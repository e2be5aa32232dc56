//! Shared by the proof files: run one generic property for `f32` and for `f64` ends.

/// `prove! { name(_, _); }` makes a module `name` with the tests `f32_ends` and `f64_ends`, each
/// running the generic property `name::<T>` (one `_` per argument) through the checker.
macro_rules! prove {
    ($($prop:ident($($arg:tt),*);)*) => {$(
        mod $prop {
            use super::*;

            #[test]
            fn f32_ends() {
                checker().quickcheck(super::$prop::<f32> as fn($($arg),*) -> bool);
            }

            #[test]
            fn f64_ends() {
                checker().quickcheck(super::$prop::<f64> as fn($($arg),*) -> bool);
            }
        }
    )*};
}
