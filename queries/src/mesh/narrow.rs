//! A face's contact enclosure narrowed by the face's box, for the mesh queries whose faces'
//! own enclosures may be wide: a degenerate face's (a point or a segment, with no plane to
//! go by), or one whose arithmetic over- or underflows.

/// How far (relatively) below a certain contact's lower end a mesh query may take a face
/// as touched no earlier, without deciding it (faces meeting at the point of contact, or
/// piled there, each a tie for the exact stage): the answer's lower end is then at most this
/// much lower, and the face reported may come that much after another.
pub(crate) const SHY: f64 = 1.0 / (1u64 << 40) as f64;

/// The relative width below which a contact's enclosure is kept as it is.
const NARROW: f64 = 1e-9;

/// Whether `[lo, hi]` is narrow already (relatively; a NaN or infinite bound is not): most
/// faces' enclosures are, and are not narrowed further.
#[inline(always)]
pub(crate) fn is_narrow(lo: f64, hi: f64) -> bool {
    hi - lo <= NARROW * hi.abs().min(f64::MAX)
}

/// `[lo, hi] ∩ [t0, t1]`, a NaN end giving way to the other's; `None` when that is empty
/// (which two enclosures of one contact never are, but a `Maybe` face may have none).
#[inline]
pub(crate) fn within(lo: f64, hi: f64, t0: f64, t1: f64) -> Option<(f64, f64)> {
    let lo = if lo > t0 { lo } else { t0 };
    let hi = if hi < t1 { hi } else { t1 };
    (lo <= hi).then_some((lo, hi))
}
