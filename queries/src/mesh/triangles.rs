//! A mesh's triangles in the order they were given, whatever order the mesh stores them in.

use core::fmt;
use core::ops::Index;

use crate::Triangle;

/// The triangles of a [`TriangleMesh`](crate::TriangleMesh), face `i` being the `i`-th
/// triangle given to the mesh: the face numbers the mesh queries answer with. Indexed and
/// iterated like a slice (`mesh.triangles()[i]`, `for t in mesh.triangles()`).
///
/// The mesh keeps its triangles in its hierarchy's leaf order (a leaf's triangles side by
/// side, so that a query reads them in one run and can fetch them before it needs them);
/// this view maps each face to where it is kept, one `u32` per face.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::TriangleMesh;
///
/// let v: Vec<Vec3<f64>> = (0..30).map(|i| Vec3::new(i as f64, (i % 3) as f64, 0.0)).collect();
/// let faces: Vec<[usize; 3]> = (0..10).map(|k| [3 * k, 3 * k + 1, 3 * k + 2]).collect();
/// let mesh = TriangleMesh::new(&v, &faces)?;
/// let triangles = mesh.triangles();
/// assert_eq!(triangles.len(), 10);
/// assert_eq!(triangles[7].corners()[0].x, 21.0);
/// assert!(triangles.get(10).is_none());
/// // In the order given.
/// let firsts: Vec<f64> = triangles.iter().map(|t| t.corners()[0].x).collect();
/// assert_eq!(firsts, (0..10).map(|k| 3.0 * k as f64).collect::<Vec<_>>());
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub struct Triangles<'a, S> {
    /// The triangles as the mesh keeps them.
    stored: &'a [Triangle<S>],
    /// Per face, where `stored` keeps it.
    slots: &'a [u32],
}

impl<S> Clone for Triangles<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Triangles<'_, S> {}

impl<'a, S> Triangles<'a, S> {
    /// The view of `stored` whose face `i` is `stored[slots[i]]` (every slot in range).
    pub(crate) fn new(stored: &'a [Triangle<S>], slots: &'a [u32]) -> Self {
        debug_assert_eq!(stored.len(), slots.len());
        Triangles { stored, slots }
    }

    /// The number of triangles.
    #[inline]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Face `face`'s triangle, or `None` past the last face.
    #[inline]
    pub fn get(&self, face: usize) -> Option<&'a Triangle<S>> {
        let slot = *self.slots.get(face)?;
        self.stored.get(slot as usize)
    }

    /// The triangles, face 0 first.
    #[inline]
    pub fn iter(&self) -> Iter<'a, S> {
        Iter {
            stored: self.stored,
            slots: self.slots.iter(),
        }
    }

    /// The triangles copied into a vector, face 0 first.
    pub fn to_vec(&self) -> Vec<Triangle<S>>
    where
        S: Copy,
    {
        self.iter().copied().collect()
    }
}

impl<'a, S> Index<usize> for Triangles<'a, S> {
    type Output = Triangle<S>;

    /// Face `face`'s triangle.
    ///
    /// # Panics
    /// Past the last face, as a slice does ([`Triangles::get`] answers `None` instead).
    #[inline]
    fn index(&self, face: usize) -> &Triangle<S> {
        match self.get(face) {
            Some(t) => t,
            None => panic!("face {face} of a mesh of {} faces", self.len()),
        }
    }
}

impl<'a, S> IntoIterator for Triangles<'a, S> {
    type Item = &'a Triangle<S>;
    type IntoIter = Iter<'a, S>;

    fn into_iter(self) -> Iter<'a, S> {
        self.iter()
    }
}

/// Face by face, whatever order each mesh keeps them in.
impl<S: PartialEq> PartialEq for Triangles<'_, S> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

/// Face by face against triangles in the order given.
impl<S: PartialEq> PartialEq<[Triangle<S>]> for Triangles<'_, S> {
    fn eq(&self, other: &[Triangle<S>]) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<S: fmt::Debug> fmt::Debug for Triangles<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The iterator of [`Triangles::iter`]: face 0 first.
pub struct Iter<'a, S> {
    stored: &'a [Triangle<S>],
    slots: core::slice::Iter<'a, u32>,
}

impl<'a, S> Iterator for Iter<'a, S> {
    type Item = &'a Triangle<S>;

    #[inline]
    fn next(&mut self) -> Option<&'a Triangle<S>> {
        let &slot = self.slots.next()?;
        self.stored.get(slot as usize)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.slots.size_hint()
    }
}

impl<S> DoubleEndedIterator for Iter<'_, S> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        let &slot = self.slots.next_back()?;
        self.stored.get(slot as usize)
    }
}

impl<S> ExactSizeIterator for Iter<'_, S> {}
