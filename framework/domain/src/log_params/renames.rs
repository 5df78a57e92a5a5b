//! The log formatters that only give the stored parameters their typed names (and a default):
//! MediaWiki's MoveLogFormatter, MergeLogFormatter, PatrolLogFormatter and
//! UploadLogFormatter. Old entries keep their parameters by position or under untyped names;
//! each map below renames both forms.

use crate::php::array::{isset, rename, set, KeyRef, PhpArray};
use crate::php::PhpValue;

/// Moves (`move/move`, `move/move_redir`): the target title, and whether the redirect was
/// suppressed (no, unless recorded).
pub(super) fn moved(stored: PhpArray) -> PhpArray {
    let mut p = rename(
        stored,
        &[
            (KeyRef::Int(0), "4:title:target"),
            (KeyRef::Int(1), "5:bool:suppressredirect"),
            (KeyRef::Str("4::target"), "4:title:target"),
            (KeyRef::Str("5::noredir"), "5:bool:suppressredirect"),
        ],
    );
    if !isset(&p, "5:bool:suppressredirect") {
        set(&mut p, "5:bool:suppressredirect", PhpValue::Bool(false));
    }
    p
}

/// History merges (`merge/merge`): the destination title and the merge point.
pub(super) fn merged(stored: PhpArray) -> PhpArray {
    rename(
        stored,
        &[
            (KeyRef::Int(0), "4:title:dest"),
            (KeyRef::Int(1), "5:timestamp:mergepoint"),
            (KeyRef::Str("4::dest"), "4:title:dest"),
            (KeyRef::Str("5::mergepoint"), "5:timestamp:mergepoint"),
        ],
    )
}

/// Patrols (`patrol/patrol`, `patrol/autopatrol`): the revision and the one before it, and
/// whether the patrol was automatic.
pub(super) fn patrolled(stored: PhpArray) -> PhpArray {
    rename(
        stored,
        &[
            (KeyRef::Int(0), "4:number:curid"),
            (KeyRef::Int(1), "5:number:previd"),
            (KeyRef::Int(2), "6:bool:auto"),
            (KeyRef::Str("4::curid"), "4:number:curid"),
            (KeyRef::Str("5::previd"), "5:number:previd"),
            (KeyRef::Str("6::auto"), "6:bool:auto"),
        ],
    )
}

/// Uploads (`upload/upload`, `overwrite`, `revert`): the file's timestamp as a timestamp.
pub(super) fn uploaded(stored: PhpArray) -> PhpArray {
    rename(stored, &[(KeyRef::Str("img_timestamp"), ":timestamp:img_timestamp")])
}

#[cfg(test)]
mod tests {
    use crate::log_params::tests::{format, keys};
    use serde_json::json;

    #[test]
    fn a_move_names_its_target_and_whether_a_redirect_was_left() {
        let v = format(
            "move",
            "move",
            "20261121233226",
            r#"a:3:{s:9:"4::target";s:15:"Talk:New name A";s:10:"5::noredir";s:1:"0";s:17:"associated_rev_id";i:276;}"#,
        );
        assert_eq!(v, json!({"target_ns": 1, "target_title": "Talk:New name A", "suppressredirect": false}));
        assert_eq!(keys(&v), ["target_ns", "target_title", "suppressredirect"]);
    }
}
