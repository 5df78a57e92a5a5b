//! Diesel descriptions of MediaWiki 1.39's core tables, plus wikiquery's own `wikiquery_schema`
//! marker table.
//!
//! Names are MediaWiki's, so these definitions read a database wikiquery created (see
//! `migrations/`) as well as one MediaWiki wrote. The SQL types are the narrowest ones that
//! every backend decodes from both sources:
//!
//! * `BigInt` for ids, sizes and counters: MariaDB's `INT UNSIGNED` and `TINYINT` widen to
//!   `i64`, and SQLite has only 64-bit integers.
//! * `Integer` for namespaces, flags and image dimensions.
//! * `Text` for titles, names, 14-digit timestamps and text stored in BLOB/VARBINARY columns
//!   (MediaWiki's SQLite schema declares them BLOB but stores TEXT values).
//! * `Binary` only where the bytes need not be UTF-8: `text.old_text` (may be gzipped) and
//!   file metadata/properties (may be serialised binary data).
//! * `Double` for `page_random` and `pp_sortkey`.
//!
//! `Nullable` wherever MediaWiki allows NULL. `oldimage` has no primary key in MediaWiki;
//! diesel needs one, so `(oi_name, oi_archive_name)` stands in for it.

use diesel::{allow_tables_to_appear_in_same_query, joinable, table};

table! {
    /// One row per existing page: its title, latest revision and flags.
    page (page_id) {
        page_id -> BigInt,
        page_namespace -> Integer,
        page_title -> Text,
        page_is_redirect -> Integer,
        page_is_new -> Integer,
        page_random -> Double,
        page_touched -> Text,
        page_links_updated -> Nullable<Text>,
        page_latest -> BigInt,
        page_len -> BigInt,
        page_content_model -> Nullable<Text>,
        page_lang -> Nullable<Text>,
    }
}

table! {
    /// One row per live revision of a page.
    revision (rev_id) {
        rev_id -> BigInt,
        rev_page -> BigInt,
        rev_comment_id -> BigInt,
        rev_actor -> BigInt,
        rev_timestamp -> Text,
        rev_minor_edit -> Integer,
        rev_deleted -> Integer,
        rev_len -> Nullable<BigInt>,
        rev_parent_id -> Nullable<BigInt>,
        rev_sha1 -> Text,
    }
}

table! {
    /// Links a revision to the content of each of its slots.
    slots (slot_revision_id, slot_role_id) {
        slot_revision_id -> BigInt,
        slot_role_id -> BigInt,
        slot_content_id -> BigInt,
        slot_origin -> BigInt,
    }
}

table! {
    /// Names of slot roles (normalised; `main` for ordinary pages).
    slot_roles (role_id) {
        role_id -> BigInt,
        role_name -> Text,
    }
}

table! {
    /// One row per distinct piece of content, addressed by `content_address`.
    content (content_id) {
        content_id -> BigInt,
        content_size -> BigInt,
        content_sha1 -> Text,
        content_model -> BigInt,
        content_address -> Text,
    }
}

table! {
    /// Names of content models (normalised).
    content_models (model_id) {
        model_id -> BigInt,
        model_name -> Text,
    }
}

table! {
    /// Stored revision text; `old_flags` says how `old_text` is encoded.
    text (old_id) {
        old_id -> BigInt,
        old_text -> Binary,
        old_flags -> Text,
    }
}

table! {
    /// Edit summaries and log reasons, shared by id.
    comment (comment_id) {
        comment_id -> BigInt,
        comment_hash -> Integer,
        comment_text -> Text,
        comment_data -> Nullable<Text>,
    }
}

table! {
    /// A named editor: a registered user or an IP address/imported name.
    actor (actor_id) {
        actor_id -> BigInt,
        actor_user -> Nullable<BigInt>,
        actor_name -> Text,
    }
}

table! {
    /// Registered accounts.
    user (user_id) {
        user_id -> BigInt,
        user_name -> Text,
        user_real_name -> Text,
        user_password -> Text,
        user_newpassword -> Text,
        user_newpass_time -> Nullable<Text>,
        user_email -> Text,
        user_touched -> Text,
        user_token -> Text,
        user_email_authenticated -> Nullable<Text>,
        user_email_token -> Nullable<Text>,
        user_email_token_expires -> Nullable<Text>,
        user_registration -> Nullable<Text>,
        user_editcount -> Nullable<BigInt>,
        user_password_expires -> Nullable<Text>,
    }
}

table! {
    /// Current group memberships, with an optional expiry.
    user_groups (ug_user, ug_group) {
        ug_user -> BigInt,
        ug_group -> Text,
        ug_expiry -> Nullable<Text>,
    }
}

table! {
    /// Groups a user has been removed from.
    user_former_groups (ufg_user, ufg_group) {
        ufg_user -> BigInt,
        ufg_group -> Text,
    }
}

table! {
    /// One row per log event.
    logging (log_id) {
        log_id -> BigInt,
        log_type -> Text,
        log_action -> Text,
        log_timestamp -> Text,
        log_actor -> BigInt,
        log_namespace -> Integer,
        log_title -> Text,
        log_page -> Nullable<BigInt>,
        log_comment_id -> BigInt,
        log_params -> Text,
        log_deleted -> Integer,
    }
}

table! {
    /// Extra search keys for log events (target user, revisions, ...).
    log_search (ls_field, ls_value, ls_log_id) {
        ls_field -> Text,
        ls_value -> Text,
        ls_log_id -> BigInt,
    }
}

table! {
    /// Recent edits and log events, for watchlists and feeds.
    recentchanges (rc_id) {
        rc_id -> BigInt,
        rc_timestamp -> Text,
        rc_actor -> BigInt,
        rc_namespace -> Integer,
        rc_title -> Text,
        rc_comment_id -> BigInt,
        rc_minor -> Integer,
        rc_bot -> Integer,
        rc_new -> Integer,
        rc_cur_id -> BigInt,
        rc_this_oldid -> BigInt,
        rc_last_oldid -> BigInt,
        rc_type -> Integer,
        rc_source -> Text,
        rc_patrolled -> Integer,
        rc_ip -> Text,
        rc_old_len -> Nullable<BigInt>,
        rc_new_len -> Nullable<BigInt>,
        rc_deleted -> Integer,
        rc_logid -> BigInt,
        rc_log_type -> Nullable<Text>,
        rc_log_action -> Nullable<Text>,
        rc_params -> Nullable<Text>,
    }
}

table! {
    /// Category memberships of pages.
    categorylinks (cl_from, cl_to) {
        cl_from -> BigInt,
        cl_to -> Text,
        cl_sortkey -> Text,
        cl_sortkey_prefix -> Text,
        cl_timestamp -> Text,
        cl_collation -> Text,
        cl_type -> Text,
    }
}

table! {
    /// Member counts per category.
    category (cat_id) {
        cat_id -> BigInt,
        cat_title -> Text,
        cat_pages -> BigInt,
        cat_subcats -> BigInt,
        cat_files -> BigInt,
    }
}

table! {
    /// Internal links from a page to a title.
    pagelinks (pl_from, pl_namespace, pl_title) {
        pl_from -> BigInt,
        pl_namespace -> Integer,
        pl_title -> Text,
        pl_from_namespace -> Integer,
    }
}

table! {
    /// Transclusions from a page to a link target.
    templatelinks (tl_from, tl_target_id) {
        tl_from -> BigInt,
        tl_from_namespace -> Integer,
        tl_target_id -> BigInt,
    }
}

table! {
    /// Normalised (namespace, title) targets used by `templatelinks`.
    linktarget (lt_id) {
        lt_id -> BigInt,
        lt_namespace -> Integer,
        lt_title -> Text,
    }
}

table! {
    /// File uses from a page.
    imagelinks (il_from, il_to) {
        il_from -> BigInt,
        il_from_namespace -> Integer,
        il_to -> Text,
    }
}

table! {
    /// External URLs linked from a page.
    externallinks (el_id) {
        el_id -> BigInt,
        el_from -> BigInt,
        el_to -> Text,
        el_index -> Text,
        el_index_60 -> Text,
    }
}

table! {
    /// Interlanguage links from a page.
    langlinks (ll_from, ll_lang) {
        ll_from -> BigInt,
        ll_lang -> Text,
        ll_title -> Text,
    }
}

table! {
    /// Interwiki links from a page.
    iwlinks (iwl_from, iwl_prefix, iwl_title) {
        iwl_from -> BigInt,
        iwl_prefix -> Text,
        iwl_title -> Text,
    }
}

table! {
    /// Target of each redirect page.
    redirect (rd_from) {
        rd_from -> BigInt,
        rd_namespace -> Integer,
        rd_title -> Text,
        rd_interwiki -> Nullable<Text>,
        rd_fragment -> Nullable<Text>,
    }
}

table! {
    /// Named properties set by parsing a page.
    page_props (pp_page, pp_propname) {
        pp_page -> BigInt,
        pp_propname -> Text,
        pp_value -> Text,
        pp_sortkey -> Nullable<Double>,
    }
}

table! {
    /// Protection of existing pages.
    page_restrictions (pr_id) {
        pr_id -> BigInt,
        pr_page -> BigInt,
        pr_type -> Text,
        pr_level -> Text,
        pr_cascade -> Integer,
        pr_expiry -> Nullable<Text>,
    }
}

table! {
    /// Creation protection of titles that do not exist.
    protected_titles (pt_namespace, pt_title) {
        pt_namespace -> Integer,
        pt_title -> Text,
        pt_user -> BigInt,
        pt_reason_id -> BigInt,
        pt_timestamp -> Text,
        pt_expiry -> Text,
        pt_create_perm -> Text,
    }
}

table! {
    /// Current version of each uploaded file.
    image (img_name) {
        img_name -> Text,
        img_size -> BigInt,
        img_width -> Integer,
        img_height -> Integer,
        img_metadata -> Binary,
        img_bits -> Integer,
        img_media_type -> Nullable<Text>,
        img_major_mime -> Text,
        img_minor_mime -> Text,
        img_description_id -> BigInt,
        img_actor -> BigInt,
        img_timestamp -> Text,
        img_sha1 -> Text,
    }
}

table! {
    /// Earlier versions of uploaded files (no primary key in MediaWiki).
    oldimage (oi_name, oi_archive_name) {
        oi_name -> Text,
        oi_archive_name -> Text,
        oi_size -> BigInt,
        oi_width -> Integer,
        oi_height -> Integer,
        oi_bits -> Integer,
        oi_description_id -> BigInt,
        oi_actor -> BigInt,
        oi_timestamp -> Text,
        oi_metadata -> Binary,
        oi_media_type -> Nullable<Text>,
        oi_major_mime -> Text,
        oi_minor_mime -> Text,
        oi_deleted -> Integer,
        oi_sha1 -> Text,
    }
}

table! {
    /// Deleted file versions.
    filearchive (fa_id) {
        fa_id -> BigInt,
        fa_name -> Text,
        fa_archive_name -> Nullable<Text>,
        fa_storage_group -> Nullable<Text>,
        fa_storage_key -> Nullable<Text>,
        fa_deleted_user -> Nullable<BigInt>,
        fa_deleted_timestamp -> Nullable<Text>,
        fa_deleted_reason_id -> BigInt,
        fa_size -> Nullable<BigInt>,
        fa_width -> Nullable<Integer>,
        fa_height -> Nullable<Integer>,
        fa_metadata -> Nullable<Binary>,
        fa_bits -> Nullable<Integer>,
        fa_media_type -> Nullable<Text>,
        fa_major_mime -> Nullable<Text>,
        fa_minor_mime -> Nullable<Text>,
        fa_description_id -> BigInt,
        fa_actor -> BigInt,
        fa_timestamp -> Nullable<Text>,
        fa_deleted -> Integer,
        fa_sha1 -> Text,
    }
}

table! {
    /// Files uploaded but not yet published.
    uploadstash (us_id) {
        us_id -> BigInt,
        us_user -> BigInt,
        us_key -> Text,
        us_orig_path -> Text,
        us_path -> Text,
        us_source_type -> Nullable<Text>,
        us_timestamp -> Text,
        us_status -> Text,
        us_chunk_inx -> Nullable<BigInt>,
        us_props -> Nullable<Binary>,
        us_size -> BigInt,
        us_sha1 -> Text,
        us_mime -> Nullable<Text>,
        us_media_type -> Nullable<Text>,
        us_image_width -> Nullable<Integer>,
        us_image_height -> Nullable<Integer>,
        us_image_bits -> Nullable<Integer>,
    }
}

table! {
    /// Revisions of deleted pages.
    archive (ar_id) {
        ar_id -> BigInt,
        ar_namespace -> Integer,
        ar_title -> Text,
        ar_comment_id -> BigInt,
        ar_actor -> BigInt,
        ar_timestamp -> Text,
        ar_minor_edit -> Integer,
        ar_rev_id -> BigInt,
        ar_deleted -> Integer,
        ar_len -> Nullable<BigInt>,
        ar_page_id -> Nullable<BigInt>,
        ar_parent_id -> Nullable<BigInt>,
        ar_sha1 -> Text,
    }
}

table! {
    /// Blocks of users, IP addresses and ranges.
    ipblocks (ipb_id) {
        ipb_id -> BigInt,
        ipb_address -> Text,
        ipb_user -> BigInt,
        ipb_by_actor -> BigInt,
        ipb_reason_id -> BigInt,
        ipb_timestamp -> Text,
        ipb_auto -> Integer,
        ipb_anon_only -> Integer,
        ipb_create_account -> Integer,
        ipb_enable_autoblock -> Integer,
        ipb_expiry -> Text,
        ipb_range_start -> Text,
        ipb_range_end -> Text,
        ipb_deleted -> Integer,
        ipb_block_email -> Integer,
        ipb_allow_usertalk -> Integer,
        ipb_parent_block_id -> Nullable<BigInt>,
        ipb_sitewide -> Integer,
    }
}

table! {
    /// Pages and namespaces a partial block applies to.
    ipblocks_restrictions (ir_ipb_id, ir_type, ir_value) {
        ir_ipb_id -> BigInt,
        ir_type -> Integer,
        ir_value -> BigInt,
    }
}

table! {
    /// Titles each user watches.
    watchlist (wl_id) {
        wl_id -> BigInt,
        wl_user -> BigInt,
        wl_namespace -> Integer,
        wl_title -> Text,
        wl_notificationtimestamp -> Nullable<Text>,
    }
}

table! {
    /// Expiry of temporary watchlist entries.
    watchlist_expiry (we_item) {
        we_item -> BigInt,
        we_expiry -> Text,
    }
}

table! {
    /// Tags applied to revisions, log events and recent changes.
    change_tag (ct_id) {
        ct_id -> BigInt,
        ct_rc_id -> Nullable<BigInt>,
        ct_log_id -> Nullable<BigInt>,
        ct_rev_id -> Nullable<BigInt>,
        ct_params -> Nullable<Text>,
        ct_tag_id -> BigInt,
    }
}

table! {
    /// Tag names with their use counts.
    change_tag_def (ctd_id) {
        ctd_id -> BigInt,
        ctd_name -> Text,
        ctd_user_defined -> Integer,
        ctd_count -> BigInt,
    }
}

table! {
    /// The single row of site-wide counters.
    site_stats (ss_row_id) {
        ss_row_id -> BigInt,
        ss_total_edits -> Nullable<BigInt>,
        ss_good_articles -> Nullable<BigInt>,
        ss_total_pages -> Nullable<BigInt>,
        ss_users -> Nullable<BigInt>,
        ss_active_users -> Nullable<BigInt>,
        ss_images -> Nullable<BigInt>,
    }
}

table! {
    /// Interwiki prefixes and their URLs.
    interwiki (iw_prefix) {
        iw_prefix -> Text,
        iw_url -> Text,
        iw_api -> Text,
        iw_wikiid -> Text,
        iw_local -> Integer,
        iw_trans -> Integer,
    }
}

table! {
    /// User preferences that differ from the defaults.
    user_properties (up_user, up_property) {
        up_user -> BigInt,
        up_property -> Text,
        up_value -> Nullable<Text>,
    }
}

table! {
    /// Edit summary of each revision during MediaWiki's comment migration.
    revision_comment_temp (revcomment_rev, revcomment_comment_id) {
        revcomment_rev -> BigInt,
        revcomment_comment_id -> BigInt,
    }
}

table! {
    /// Edits by IP addresses, indexed by hex address for range lookups.
    ip_changes (ipc_rev_id) {
        ipc_rev_id -> BigInt,
        ipc_rev_timestamp -> Text,
        ipc_hex -> Text,
    }
}

table! {
    /// wikiquery's marker: one row per applied schema version of a database wikiquery created.
    wikiquery_schema (version) {
        version -> Integer,
        applied_at -> Text,
    }
}

table! {
    /// MediaWiki's bot passwords: a second password of a user, for one application, limited
    /// to some grants.
    bot_passwords (bp_user, bp_app_id) {
        bp_user -> BigInt,
        bp_app_id -> Text,
        bp_password -> Text,
        bp_token -> Text,
        bp_restrictions -> Text,
        bp_grants -> Text,
    }
}

table! {
    /// Users with messages on their talk page they have not seen (MediaWiki's new-message
    /// flag).
    user_newtalk (user_id, user_ip) {
        user_id -> BigInt,
        user_ip -> Text,
        user_last_timestamp -> Nullable<Text>,
    }
}

table! {
    /// wikiquery's sessions ended by a logout before their time (a session lives in its
    /// cookie; this is what makes the cookie useless afterwards), until they would have ended.
    wikiquery_ended_session (es_id) {
        es_id -> Text,
        es_expires -> BigInt,
    }
}

// Foreign keys that queries join on. Each pair may appear once (diesel derives both
// directions), so page.page_latest -> revision is left to explicit `on` clauses.
joinable!(revision -> page (rev_page));
joinable!(revision -> actor (rev_actor));
joinable!(revision -> comment (rev_comment_id));
joinable!(revision_comment_temp -> revision (revcomment_rev));
joinable!(revision_comment_temp -> comment (revcomment_comment_id));
joinable!(slots -> revision (slot_revision_id));
joinable!(slots -> content (slot_content_id));
joinable!(slots -> slot_roles (slot_role_id));
joinable!(content -> content_models (content_model));
joinable!(ip_changes -> revision (ipc_rev_id));
joinable!(actor -> user (actor_user));
joinable!(user_groups -> user (ug_user));
joinable!(user_former_groups -> user (ufg_user));
joinable!(user_properties -> user (up_user));
joinable!(logging -> actor (log_actor));
joinable!(logging -> comment (log_comment_id));
joinable!(logging -> page (log_page));
joinable!(log_search -> logging (ls_log_id));
joinable!(change_tag -> change_tag_def (ct_tag_id));
joinable!(change_tag -> logging (ct_log_id));
joinable!(change_tag -> revision (ct_rev_id));
joinable!(change_tag -> recentchanges (ct_rc_id));
joinable!(recentchanges -> actor (rc_actor));
joinable!(recentchanges -> comment (rc_comment_id));
joinable!(archive -> actor (ar_actor));
joinable!(archive -> comment (ar_comment_id));
joinable!(redirect -> page (rd_from));
joinable!(page_props -> page (pp_page));
joinable!(page_restrictions -> page (pr_page));
joinable!(langlinks -> page (ll_from));
joinable!(iwlinks -> page (iwl_from));
joinable!(pagelinks -> page (pl_from));
joinable!(templatelinks -> page (tl_from));
joinable!(templatelinks -> linktarget (tl_target_id));
joinable!(imagelinks -> page (il_from));
joinable!(externallinks -> page (el_from));
joinable!(categorylinks -> page (cl_from));
joinable!(protected_titles -> comment (pt_reason_id));
joinable!(image -> actor (img_actor));
joinable!(image -> comment (img_description_id));
joinable!(oldimage -> actor (oi_actor));
joinable!(oldimage -> comment (oi_description_id));
joinable!(filearchive -> actor (fa_actor));
joinable!(filearchive -> comment (fa_description_id));
joinable!(ipblocks -> actor (ipb_by_actor));
joinable!(ipblocks -> comment (ipb_reason_id));
joinable!(ipblocks_restrictions -> ipblocks (ir_ipb_id));
joinable!(watchlist_expiry -> watchlist (we_item));
joinable!(watchlist -> user (wl_user));
joinable!(uploadstash -> user (us_user));

allow_tables_to_appear_in_same_query!(
    page,
    revision,
    slots,
    slot_roles,
    content,
    content_models,
    text,
    comment,
    actor,
    user,
    user_groups,
    user_former_groups,
    logging,
    log_search,
    recentchanges,
    categorylinks,
    category,
    pagelinks,
    templatelinks,
    linktarget,
    imagelinks,
    externallinks,
    langlinks,
    iwlinks,
    redirect,
    page_props,
    page_restrictions,
    protected_titles,
    image,
    oldimage,
    filearchive,
    uploadstash,
    archive,
    ipblocks,
    ipblocks_restrictions,
    watchlist,
    watchlist_expiry,
    change_tag,
    change_tag_def,
    site_stats,
    interwiki,
    user_properties,
    revision_comment_temp,
    ip_changes,
    wikiquery_schema,
);
