//! The CSA piece codes: two capital letters for each kind, promoted kinds included.
//!
//! Rule: CSA standard file format V3.0, 2.6 (駒の表記): `FU` 歩, `KY` 香, `KE` 桂, `GI` 銀,
//! `KI` 金, `KA` 角, `HI` 飛, `OU` 玉, `TO` と, `NY` 成香, `NK` 成桂, `NG` 成銀, `UM` 馬,
//! `RY` 龍.

use shogi_board::PieceKind;

/// The codes in the order of [`PieceKind::ALL`].
const CODES: [&str; 14] = [
    "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY",
];

/// The CSA code of a piece kind (`FU` for the pawn, `RY` for the dragon).
///
/// ```
/// use shogi_board::PieceKind;
///
/// assert_eq!(csa::piece_code(PieceKind::Horse), "UM");
/// assert_eq!(csa::piece_kind("NG"), Some(PieceKind::ProSilver));
/// assert_eq!(csa::piece_kind("AL"), None);
/// ```
pub const fn piece_code(kind: PieceKind) -> &'static str {
    CODES[kind.index()]
}

/// The piece kind of a CSA code (`FU` .. `RY`, upper case only); `None` for any other text.
pub fn piece_kind(code: &str) -> Option<PieceKind> {
    Some(match code.as_bytes() {
        b"FU" => PieceKind::Pawn,
        b"KY" => PieceKind::Lance,
        b"KE" => PieceKind::Knight,
        b"GI" => PieceKind::Silver,
        b"KI" => PieceKind::Gold,
        b"KA" => PieceKind::Bishop,
        b"HI" => PieceKind::Rook,
        b"OU" => PieceKind::King,
        b"TO" => PieceKind::ProPawn,
        b"NY" => PieceKind::ProLance,
        b"NK" => PieceKind::ProKnight,
        b"NG" => PieceKind::ProSilver,
        b"UM" => PieceKind::Horse,
        b"RY" => PieceKind::Dragon,
        _ => return None,
    })
}

/// The list of codes for messages: `FU KY KE GI KI KA HI OU TO NY NK NG UM RY`.
pub(crate) const CODE_LIST: &str = "FU KY KE GI KI KA HI OU TO NY NK NG UM RY";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_code_back() {
        for kind in PieceKind::ALL {
            assert_eq!(piece_kind(piece_code(kind)), Some(kind));
        }
        assert_eq!(piece_code(PieceKind::Gold), "KI");
        assert_eq!(piece_code(PieceKind::King), "OU");
        assert_eq!(piece_kind("fu"), None);
    }
}
