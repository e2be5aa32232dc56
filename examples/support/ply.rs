//! Reading PLY meshes (ASCII or binary of either byte order, float or double coordinates,
//! faces as index lists; polygons are fanned into triangles), with the maintained `ply-rs-bw`
//! crate.

/// A mesh as read: vertex positions, and triangles as vertex indices.
pub type VerticesAndFaces = (Vec<[f64; 3]>, Vec<[u32; 3]>);

/// The vertices and triangles of the PLY file at `path`.
pub fn load(path: &str) -> Result<VerticesAndFaces, String> {
    use ply_rs_bw::parser::Parser;
    use ply_rs_bw::ply::{DefaultElement, Property};
    let mut f = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let ply = Parser::<DefaultElement>::new()
        .read_ply(&mut f)
        .map_err(|e| format!("{path}: {e}"))?;
    let scalar = |p: Option<&Property>| -> Option<f64> {
        Some(match p? {
            Property::Float(x) => f64::from(*x),
            Property::Double(x) => *x,
            Property::Int(x) => f64::from(*x),
            Property::UInt(x) => f64::from(*x),
            Property::Short(x) => f64::from(*x),
            Property::UShort(x) => f64::from(*x),
            Property::Char(x) => f64::from(*x),
            Property::UChar(x) => f64::from(*x),
            _ => return None,
        })
    };
    let vertices: Vec<[f64; 3]> = ply
        .payload
        .get("vertex")
        .ok_or(format!("{path}: no vertex element"))?
        .iter()
        .map(|v| {
            let c = |k: &str| scalar(v.get(k)).ok_or(format!("{path}: vertex without {k}"));
            Ok([c("x")?, c("y")?, c("z")?])
        })
        .collect::<Result<_, String>>()?;
    let mut faces = Vec::new();
    for face in ply.payload.get("face").map(Vec::as_slice).unwrap_or(&[]) {
        let list = face
            .get("vertex_indices")
            .or_else(|| face.get("vertex_index"))
            .ok_or(format!("{path}: face without vertex_indices"))?;
        let idx: Vec<u32> = match list {
            Property::ListInt(v) => v.iter().map(|&i| i as u32).collect(),
            Property::ListUInt(v) => v.clone(),
            Property::ListShort(v) => v.iter().map(|&i| i as u32).collect(),
            Property::ListUShort(v) => v.iter().map(|&i| u32::from(i)).collect(),
            Property::ListChar(v) => v.iter().map(|&i| i as u32).collect(),
            Property::ListUChar(v) => v.iter().map(|&i| u32::from(i)).collect(),
            _ => return Err(format!("{path}: face indices are not integers")),
        };
        if idx.iter().any(|&i| i as usize >= vertices.len()) {
            return Err(format!("{path}: face index beyond the vertices"));
        }
        for k in 1..idx.len().saturating_sub(1) {
            faces.push([idx[0], idx[k], idx[k + 1]]);
        }
    }
    Ok((vertices, faces))
}
