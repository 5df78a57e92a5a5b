-- wikiquery schema for SQLite databases that wikiquery creates itself.
--
-- Table, column and index names follow MediaWiki 1.39's core schema so that the same
-- queries (framework/store/src/schema.rs) serve this database and one written by
-- MediaWiki. Every text-like column is TEXT (SQLite's default BINARY collation gives the
-- byte order MediaWiki's paging relies on); only columns that may hold non-UTF-8 bytes
-- (revision text, file metadata, upload properties) are BLOB.
--
-- Each "-- wikiquery migration N" line opens version N. Statements are idempotent
-- (IF NOT EXISTS) so that an interrupted run can be repeated; add new versions at the end.

-- wikiquery migration 1: MediaWiki 1.39 core tables
CREATE TABLE IF NOT EXISTS "wikiquery_schema" (
  version INTEGER PRIMARY KEY NOT NULL,
  applied_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS "page" (
  page_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  page_namespace INTEGER NOT NULL,
  page_title TEXT NOT NULL,
  page_is_redirect INTEGER NOT NULL DEFAULT 0,
  page_is_new INTEGER NOT NULL DEFAULT 0,
  page_random REAL NOT NULL,
  page_touched TEXT NOT NULL,
  page_links_updated TEXT,
  page_latest INTEGER NOT NULL,
  page_len INTEGER NOT NULL,
  page_content_model TEXT,
  page_lang TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS page_name_title ON "page" (page_namespace, page_title);
CREATE INDEX IF NOT EXISTS page_random ON "page" (page_random);
CREATE INDEX IF NOT EXISTS page_len ON "page" (page_len);
CREATE INDEX IF NOT EXISTS page_redirect_namespace_len ON "page" (page_is_redirect, page_namespace, page_len);

CREATE TABLE IF NOT EXISTS "revision" (
  rev_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  rev_page INTEGER NOT NULL,
  rev_comment_id INTEGER NOT NULL DEFAULT 0,
  rev_actor INTEGER NOT NULL DEFAULT 0,
  rev_timestamp TEXT NOT NULL,
  rev_minor_edit INTEGER NOT NULL DEFAULT 0,
  rev_deleted INTEGER NOT NULL DEFAULT 0,
  rev_len INTEGER,
  rev_parent_id INTEGER,
  rev_sha1 TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS rev_timestamp ON "revision" (rev_timestamp);
CREATE INDEX IF NOT EXISTS rev_page_timestamp ON "revision" (rev_page, rev_timestamp);
CREATE INDEX IF NOT EXISTS rev_actor_timestamp ON "revision" (rev_actor, rev_timestamp, rev_id);
CREATE INDEX IF NOT EXISTS rev_page_actor_timestamp ON "revision" (rev_page, rev_actor, rev_timestamp);

CREATE TABLE IF NOT EXISTS "slots" (
  slot_revision_id INTEGER NOT NULL,
  slot_role_id INTEGER NOT NULL,
  slot_content_id INTEGER NOT NULL,
  slot_origin INTEGER NOT NULL,
  PRIMARY KEY (slot_revision_id, slot_role_id)
);
CREATE INDEX IF NOT EXISTS slot_revision_origin_role ON "slots" (slot_revision_id, slot_origin, slot_role_id);

CREATE TABLE IF NOT EXISTS "slot_roles" (
  role_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  role_name TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS role_name ON "slot_roles" (role_name);

CREATE TABLE IF NOT EXISTS "content" (
  content_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  content_size INTEGER NOT NULL,
  content_sha1 TEXT NOT NULL,
  content_model INTEGER NOT NULL,
  content_address TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS "content_models" (
  model_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  model_name TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS model_name ON "content_models" (model_name);

CREATE TABLE IF NOT EXISTS "text" (
  old_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  old_text BLOB NOT NULL,
  old_flags TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS "comment" (
  comment_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  comment_hash INTEGER NOT NULL,
  comment_text TEXT NOT NULL,
  comment_data TEXT
);
CREATE INDEX IF NOT EXISTS comment_hash ON "comment" (comment_hash);

CREATE TABLE IF NOT EXISTS "actor" (
  actor_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  actor_user INTEGER,
  actor_name TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS actor_user ON "actor" (actor_user);
CREATE UNIQUE INDEX IF NOT EXISTS actor_name ON "actor" (actor_name);

CREATE TABLE IF NOT EXISTS "user" (
  user_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  user_name TEXT NOT NULL DEFAULT '',
  user_real_name TEXT NOT NULL DEFAULT '',
  user_password TEXT NOT NULL,
  user_newpassword TEXT NOT NULL,
  user_newpass_time TEXT,
  user_email TEXT NOT NULL,
  user_touched TEXT NOT NULL,
  user_token TEXT NOT NULL DEFAULT '',
  user_email_authenticated TEXT,
  user_email_token TEXT,
  user_email_token_expires TEXT,
  user_registration TEXT,
  user_editcount INTEGER,
  user_password_expires TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS user_name ON "user" (user_name);
CREATE INDEX IF NOT EXISTS user_email_token ON "user" (user_email_token);
CREATE INDEX IF NOT EXISTS user_email ON "user" (user_email);

CREATE TABLE IF NOT EXISTS "user_groups" (
  ug_user INTEGER NOT NULL DEFAULT 0,
  ug_group TEXT NOT NULL DEFAULT '',
  ug_expiry TEXT,
  PRIMARY KEY (ug_user, ug_group)
);
CREATE INDEX IF NOT EXISTS ug_group ON "user_groups" (ug_group);
CREATE INDEX IF NOT EXISTS ug_expiry ON "user_groups" (ug_expiry);

CREATE TABLE IF NOT EXISTS "user_former_groups" (
  ufg_user INTEGER NOT NULL DEFAULT 0,
  ufg_group TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (ufg_user, ufg_group)
);

CREATE TABLE IF NOT EXISTS "logging" (
  log_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  log_type TEXT NOT NULL DEFAULT '',
  log_action TEXT NOT NULL DEFAULT '',
  log_timestamp TEXT NOT NULL DEFAULT '19700101000000',
  log_actor INTEGER NOT NULL,
  log_namespace INTEGER NOT NULL DEFAULT 0,
  log_title TEXT NOT NULL DEFAULT '',
  log_page INTEGER,
  log_comment_id INTEGER NOT NULL,
  log_params TEXT NOT NULL,
  log_deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS log_type_time ON "logging" (log_type, log_timestamp);
CREATE INDEX IF NOT EXISTS log_actor_time ON "logging" (log_actor, log_timestamp);
CREATE INDEX IF NOT EXISTS log_page_time ON "logging" (log_namespace, log_title, log_timestamp);
CREATE INDEX IF NOT EXISTS log_times ON "logging" (log_timestamp);
CREATE INDEX IF NOT EXISTS log_actor_type_time ON "logging" (log_actor, log_type, log_timestamp);
CREATE INDEX IF NOT EXISTS log_page_id_time ON "logging" (log_page, log_timestamp);
CREATE INDEX IF NOT EXISTS log_type_action ON "logging" (log_type, log_action, log_timestamp);

CREATE TABLE IF NOT EXISTS "log_search" (
  ls_field TEXT NOT NULL,
  ls_value TEXT NOT NULL,
  ls_log_id INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (ls_field, ls_value, ls_log_id)
);
CREATE INDEX IF NOT EXISTS ls_log_id ON "log_search" (ls_log_id);

CREATE TABLE IF NOT EXISTS "recentchanges" (
  rc_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  rc_timestamp TEXT NOT NULL,
  rc_actor INTEGER NOT NULL,
  rc_namespace INTEGER NOT NULL DEFAULT 0,
  rc_title TEXT NOT NULL DEFAULT '',
  rc_comment_id INTEGER NOT NULL,
  rc_minor INTEGER NOT NULL DEFAULT 0,
  rc_bot INTEGER NOT NULL DEFAULT 0,
  rc_new INTEGER NOT NULL DEFAULT 0,
  rc_cur_id INTEGER NOT NULL DEFAULT 0,
  rc_this_oldid INTEGER NOT NULL DEFAULT 0,
  rc_last_oldid INTEGER NOT NULL DEFAULT 0,
  rc_type INTEGER NOT NULL DEFAULT 0,
  rc_source TEXT NOT NULL DEFAULT '',
  rc_patrolled INTEGER NOT NULL DEFAULT 0,
  rc_ip TEXT NOT NULL DEFAULT '',
  rc_old_len INTEGER,
  rc_new_len INTEGER,
  rc_deleted INTEGER NOT NULL DEFAULT 0,
  rc_logid INTEGER NOT NULL DEFAULT 0,
  rc_log_type TEXT,
  rc_log_action TEXT,
  rc_params TEXT
);
CREATE INDEX IF NOT EXISTS rc_timestamp ON "recentchanges" (rc_timestamp);
CREATE INDEX IF NOT EXISTS rc_namespace_title_timestamp ON "recentchanges" (rc_namespace, rc_title, rc_timestamp);
CREATE INDEX IF NOT EXISTS rc_cur_id ON "recentchanges" (rc_cur_id);
CREATE INDEX IF NOT EXISTS rc_new_name_timestamp ON "recentchanges" (rc_new, rc_namespace, rc_timestamp);
CREATE INDEX IF NOT EXISTS rc_ip ON "recentchanges" (rc_ip);
CREATE INDEX IF NOT EXISTS rc_ns_actor ON "recentchanges" (rc_namespace, rc_actor);
CREATE INDEX IF NOT EXISTS rc_actor ON "recentchanges" (rc_actor, rc_timestamp);
CREATE INDEX IF NOT EXISTS rc_name_type_patrolled_timestamp ON "recentchanges" (rc_namespace, rc_type, rc_patrolled, rc_timestamp);
CREATE INDEX IF NOT EXISTS rc_this_oldid ON "recentchanges" (rc_this_oldid);

CREATE TABLE IF NOT EXISTS "categorylinks" (
  cl_from INTEGER NOT NULL DEFAULT 0,
  cl_to TEXT NOT NULL DEFAULT '',
  cl_sortkey TEXT NOT NULL DEFAULT '',
  cl_sortkey_prefix TEXT NOT NULL DEFAULT '',
  cl_timestamp TEXT NOT NULL,
  cl_collation TEXT NOT NULL DEFAULT '',
  cl_type TEXT NOT NULL DEFAULT 'page',
  PRIMARY KEY (cl_from, cl_to)
);
CREATE INDEX IF NOT EXISTS cl_sortkey ON "categorylinks" (cl_to, cl_type, cl_sortkey, cl_from);
CREATE INDEX IF NOT EXISTS cl_timestamp ON "categorylinks" (cl_to, cl_timestamp);
CREATE INDEX IF NOT EXISTS cl_collation_ext ON "categorylinks" (cl_collation, cl_to, cl_type, cl_from);

CREATE TABLE IF NOT EXISTS "category" (
  cat_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  cat_title TEXT NOT NULL,
  cat_pages INTEGER NOT NULL DEFAULT 0,
  cat_subcats INTEGER NOT NULL DEFAULT 0,
  cat_files INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS cat_title ON "category" (cat_title);
CREATE INDEX IF NOT EXISTS cat_pages ON "category" (cat_pages);

CREATE TABLE IF NOT EXISTS "pagelinks" (
  pl_from INTEGER NOT NULL DEFAULT 0,
  pl_namespace INTEGER NOT NULL DEFAULT 0,
  pl_title TEXT NOT NULL DEFAULT '',
  pl_from_namespace INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (pl_from, pl_namespace, pl_title)
);
CREATE INDEX IF NOT EXISTS pl_namespace ON "pagelinks" (pl_namespace, pl_title, pl_from);
CREATE INDEX IF NOT EXISTS pl_backlinks_namespace ON "pagelinks" (pl_from_namespace, pl_namespace, pl_title, pl_from);

CREATE TABLE IF NOT EXISTS "templatelinks" (
  tl_from INTEGER NOT NULL DEFAULT 0,
  tl_from_namespace INTEGER NOT NULL DEFAULT 0,
  tl_target_id INTEGER NOT NULL,
  PRIMARY KEY (tl_from, tl_target_id)
);
CREATE INDEX IF NOT EXISTS tl_target_id ON "templatelinks" (tl_target_id, tl_from);
CREATE INDEX IF NOT EXISTS tl_backlinks_namespace_target_id ON "templatelinks" (tl_from_namespace, tl_target_id, tl_from);

CREATE TABLE IF NOT EXISTS "linktarget" (
  lt_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  lt_namespace INTEGER NOT NULL,
  lt_title TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS lt_namespace_title ON "linktarget" (lt_namespace, lt_title);

CREATE TABLE IF NOT EXISTS "imagelinks" (
  il_from INTEGER NOT NULL DEFAULT 0,
  il_from_namespace INTEGER NOT NULL DEFAULT 0,
  il_to TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (il_from, il_to)
);
CREATE INDEX IF NOT EXISTS il_to ON "imagelinks" (il_to, il_from);
CREATE INDEX IF NOT EXISTS il_backlinks_namespace ON "imagelinks" (il_from_namespace, il_to, il_from);

CREATE TABLE IF NOT EXISTS "externallinks" (
  el_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  el_from INTEGER NOT NULL DEFAULT 0,
  el_to TEXT NOT NULL,
  el_index TEXT NOT NULL,
  el_index_60 TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS el_from ON "externallinks" (el_from, el_to);
CREATE INDEX IF NOT EXISTS el_to ON "externallinks" (el_to, el_from);
CREATE INDEX IF NOT EXISTS el_index ON "externallinks" (el_index);
CREATE INDEX IF NOT EXISTS el_index_60 ON "externallinks" (el_index_60, el_id);
CREATE INDEX IF NOT EXISTS el_from_index_60 ON "externallinks" (el_from, el_index_60, el_id);

CREATE TABLE IF NOT EXISTS "langlinks" (
  ll_from INTEGER NOT NULL DEFAULT 0,
  ll_lang TEXT NOT NULL DEFAULT '',
  ll_title TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (ll_from, ll_lang)
);
CREATE INDEX IF NOT EXISTS ll_lang ON "langlinks" (ll_lang, ll_title);

CREATE TABLE IF NOT EXISTS "iwlinks" (
  iwl_from INTEGER NOT NULL DEFAULT 0,
  iwl_prefix TEXT NOT NULL DEFAULT '',
  iwl_title TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (iwl_from, iwl_prefix, iwl_title)
);
CREATE INDEX IF NOT EXISTS iwl_prefix_title_from ON "iwlinks" (iwl_prefix, iwl_title, iwl_from);
CREATE INDEX IF NOT EXISTS iwl_prefix_from_title ON "iwlinks" (iwl_prefix, iwl_from, iwl_title);

CREATE TABLE IF NOT EXISTS "redirect" (
  rd_from INTEGER NOT NULL DEFAULT 0,
  rd_namespace INTEGER NOT NULL DEFAULT 0,
  rd_title TEXT NOT NULL DEFAULT '',
  rd_interwiki TEXT,
  rd_fragment TEXT,
  PRIMARY KEY (rd_from)
);
CREATE INDEX IF NOT EXISTS rd_ns_title ON "redirect" (rd_namespace, rd_title, rd_from);

CREATE TABLE IF NOT EXISTS "page_props" (
  pp_page INTEGER NOT NULL,
  pp_propname TEXT NOT NULL,
  pp_value TEXT NOT NULL,
  pp_sortkey REAL,
  PRIMARY KEY (pp_page, pp_propname)
);
CREATE UNIQUE INDEX IF NOT EXISTS pp_propname_page ON "page_props" (pp_propname, pp_page);
CREATE UNIQUE INDEX IF NOT EXISTS pp_propname_sortkey_page ON "page_props" (pp_propname, pp_sortkey, pp_page) WHERE pp_sortkey IS NOT NULL;

CREATE TABLE IF NOT EXISTS "page_restrictions" (
  pr_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  pr_page INTEGER NOT NULL,
  pr_type TEXT NOT NULL,
  pr_level TEXT NOT NULL,
  pr_cascade INTEGER NOT NULL,
  pr_expiry TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS pr_pagetype ON "page_restrictions" (pr_page, pr_type);
CREATE INDEX IF NOT EXISTS pr_typelevel ON "page_restrictions" (pr_type, pr_level);
CREATE INDEX IF NOT EXISTS pr_level ON "page_restrictions" (pr_level);
CREATE INDEX IF NOT EXISTS pr_cascade ON "page_restrictions" (pr_cascade);

CREATE TABLE IF NOT EXISTS "protected_titles" (
  pt_namespace INTEGER NOT NULL,
  pt_title TEXT NOT NULL,
  pt_user INTEGER NOT NULL,
  pt_reason_id INTEGER NOT NULL,
  pt_timestamp TEXT NOT NULL,
  pt_expiry TEXT NOT NULL,
  pt_create_perm TEXT NOT NULL,
  PRIMARY KEY (pt_namespace, pt_title)
);
CREATE INDEX IF NOT EXISTS pt_timestamp ON "protected_titles" (pt_timestamp);

CREATE TABLE IF NOT EXISTS "image" (
  img_name TEXT NOT NULL DEFAULT '',
  img_size INTEGER NOT NULL DEFAULT 0,
  img_width INTEGER NOT NULL DEFAULT 0,
  img_height INTEGER NOT NULL DEFAULT 0,
  img_metadata BLOB NOT NULL,
  img_bits INTEGER NOT NULL DEFAULT 0,
  img_media_type TEXT,
  img_major_mime TEXT NOT NULL DEFAULT 'unknown',
  img_minor_mime TEXT NOT NULL DEFAULT 'unknown',
  img_description_id INTEGER NOT NULL,
  img_actor INTEGER NOT NULL,
  img_timestamp TEXT NOT NULL,
  img_sha1 TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (img_name)
);
CREATE INDEX IF NOT EXISTS img_actor_timestamp ON "image" (img_actor, img_timestamp);
CREATE INDEX IF NOT EXISTS img_size ON "image" (img_size);
CREATE INDEX IF NOT EXISTS img_timestamp ON "image" (img_timestamp);
CREATE INDEX IF NOT EXISTS img_sha1 ON "image" (img_sha1);
CREATE INDEX IF NOT EXISTS img_media_mime ON "image" (img_media_type, img_major_mime, img_minor_mime);

CREATE TABLE IF NOT EXISTS "oldimage" (
  oi_name TEXT NOT NULL DEFAULT '',
  oi_archive_name TEXT NOT NULL DEFAULT '',
  oi_size INTEGER NOT NULL DEFAULT 0,
  oi_width INTEGER NOT NULL DEFAULT 0,
  oi_height INTEGER NOT NULL DEFAULT 0,
  oi_bits INTEGER NOT NULL DEFAULT 0,
  oi_description_id INTEGER NOT NULL,
  oi_actor INTEGER NOT NULL,
  oi_timestamp TEXT NOT NULL,
  oi_metadata BLOB NOT NULL,
  oi_media_type TEXT,
  oi_major_mime TEXT NOT NULL DEFAULT 'unknown',
  oi_minor_mime TEXT NOT NULL DEFAULT 'unknown',
  oi_deleted INTEGER NOT NULL DEFAULT 0,
  oi_sha1 TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS oi_actor_timestamp ON "oldimage" (oi_actor, oi_timestamp);
CREATE INDEX IF NOT EXISTS oi_name_timestamp ON "oldimage" (oi_name, oi_timestamp);
CREATE INDEX IF NOT EXISTS oi_name_archive_name ON "oldimage" (oi_name, oi_archive_name);
CREATE INDEX IF NOT EXISTS oi_sha1 ON "oldimage" (oi_sha1);
CREATE INDEX IF NOT EXISTS oi_timestamp ON "oldimage" (oi_timestamp);

CREATE TABLE IF NOT EXISTS "filearchive" (
  fa_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  fa_name TEXT NOT NULL DEFAULT '',
  fa_archive_name TEXT DEFAULT '',
  fa_storage_group TEXT,
  fa_storage_key TEXT DEFAULT '',
  fa_deleted_user INTEGER,
  fa_deleted_timestamp TEXT,
  fa_deleted_reason_id INTEGER NOT NULL,
  fa_size INTEGER DEFAULT 0,
  fa_width INTEGER DEFAULT 0,
  fa_height INTEGER DEFAULT 0,
  fa_metadata BLOB,
  fa_bits INTEGER DEFAULT 0,
  fa_media_type TEXT,
  fa_major_mime TEXT DEFAULT 'unknown',
  fa_minor_mime TEXT DEFAULT 'unknown',
  fa_description_id INTEGER NOT NULL,
  fa_actor INTEGER NOT NULL,
  fa_timestamp TEXT,
  fa_deleted INTEGER NOT NULL DEFAULT 0,
  fa_sha1 TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS fa_name ON "filearchive" (fa_name, fa_timestamp);
CREATE INDEX IF NOT EXISTS fa_storage_group ON "filearchive" (fa_storage_group, fa_storage_key);
CREATE INDEX IF NOT EXISTS fa_deleted_timestamp ON "filearchive" (fa_deleted_timestamp);
CREATE INDEX IF NOT EXISTS fa_actor_timestamp ON "filearchive" (fa_actor, fa_timestamp);
CREATE INDEX IF NOT EXISTS fa_sha1 ON "filearchive" (fa_sha1);

CREATE TABLE IF NOT EXISTS "uploadstash" (
  us_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  us_user INTEGER NOT NULL,
  us_key TEXT NOT NULL,
  us_orig_path TEXT NOT NULL,
  us_path TEXT NOT NULL,
  us_source_type TEXT,
  us_timestamp TEXT NOT NULL,
  us_status TEXT NOT NULL,
  us_chunk_inx INTEGER,
  us_props BLOB,
  us_size INTEGER NOT NULL,
  us_sha1 TEXT NOT NULL,
  us_mime TEXT,
  us_media_type TEXT,
  us_image_width INTEGER,
  us_image_height INTEGER,
  us_image_bits INTEGER
);
CREATE INDEX IF NOT EXISTS us_user ON "uploadstash" (us_user);
CREATE UNIQUE INDEX IF NOT EXISTS us_key ON "uploadstash" (us_key);
CREATE INDEX IF NOT EXISTS us_timestamp ON "uploadstash" (us_timestamp);

CREATE TABLE IF NOT EXISTS "archive" (
  ar_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  ar_namespace INTEGER NOT NULL DEFAULT 0,
  ar_title TEXT NOT NULL DEFAULT '',
  ar_comment_id INTEGER NOT NULL,
  ar_actor INTEGER NOT NULL,
  ar_timestamp TEXT NOT NULL,
  ar_minor_edit INTEGER NOT NULL DEFAULT 0,
  ar_rev_id INTEGER NOT NULL,
  ar_deleted INTEGER NOT NULL DEFAULT 0,
  ar_len INTEGER,
  ar_page_id INTEGER,
  ar_parent_id INTEGER,
  ar_sha1 TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS ar_name_title_timestamp ON "archive" (ar_namespace, ar_title, ar_timestamp);
CREATE INDEX IF NOT EXISTS ar_actor_timestamp ON "archive" (ar_actor, ar_timestamp);
CREATE UNIQUE INDEX IF NOT EXISTS ar_revid_uniq ON "archive" (ar_rev_id);

CREATE TABLE IF NOT EXISTS "ipblocks" (
  ipb_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  ipb_address TEXT NOT NULL,
  ipb_user INTEGER NOT NULL DEFAULT 0,
  ipb_by_actor INTEGER NOT NULL,
  ipb_reason_id INTEGER NOT NULL,
  ipb_timestamp TEXT NOT NULL,
  ipb_auto INTEGER NOT NULL DEFAULT 0,
  ipb_anon_only INTEGER NOT NULL DEFAULT 0,
  ipb_create_account INTEGER NOT NULL DEFAULT 1,
  ipb_enable_autoblock INTEGER NOT NULL DEFAULT 1,
  ipb_expiry TEXT NOT NULL,
  ipb_range_start TEXT NOT NULL,
  ipb_range_end TEXT NOT NULL,
  ipb_deleted INTEGER NOT NULL DEFAULT 0,
  ipb_block_email INTEGER NOT NULL DEFAULT 0,
  ipb_allow_usertalk INTEGER NOT NULL DEFAULT 0,
  ipb_parent_block_id INTEGER,
  ipb_sitewide INTEGER NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX IF NOT EXISTS ipb_address_unique ON "ipblocks" (ipb_address, ipb_user, ipb_auto);
CREATE INDEX IF NOT EXISTS ipb_user ON "ipblocks" (ipb_user);
CREATE INDEX IF NOT EXISTS ipb_range ON "ipblocks" (ipb_range_start, ipb_range_end);
CREATE INDEX IF NOT EXISTS ipb_timestamp ON "ipblocks" (ipb_timestamp);
CREATE INDEX IF NOT EXISTS ipb_expiry ON "ipblocks" (ipb_expiry);
CREATE INDEX IF NOT EXISTS ipb_parent_block_id ON "ipblocks" (ipb_parent_block_id);

CREATE TABLE IF NOT EXISTS "ipblocks_restrictions" (
  ir_ipb_id INTEGER NOT NULL,
  ir_type INTEGER NOT NULL,
  ir_value INTEGER NOT NULL,
  PRIMARY KEY (ir_ipb_id, ir_type, ir_value)
);
CREATE INDEX IF NOT EXISTS ir_type_value ON "ipblocks_restrictions" (ir_type, ir_value);

CREATE TABLE IF NOT EXISTS "watchlist" (
  wl_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  wl_user INTEGER NOT NULL,
  wl_namespace INTEGER NOT NULL DEFAULT 0,
  wl_title TEXT NOT NULL DEFAULT '',
  wl_notificationtimestamp TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS wl_user ON "watchlist" (wl_user, wl_namespace, wl_title);
CREATE INDEX IF NOT EXISTS wl_namespace_title ON "watchlist" (wl_namespace, wl_title);
CREATE INDEX IF NOT EXISTS wl_user_notificationtimestamp ON "watchlist" (wl_user, wl_notificationtimestamp);

CREATE TABLE IF NOT EXISTS "watchlist_expiry" (
  we_item INTEGER NOT NULL,
  we_expiry TEXT NOT NULL,
  PRIMARY KEY (we_item)
);
CREATE INDEX IF NOT EXISTS we_expiry ON "watchlist_expiry" (we_expiry);

CREATE TABLE IF NOT EXISTS "change_tag" (
  ct_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  ct_rc_id INTEGER,
  ct_log_id INTEGER,
  ct_rev_id INTEGER,
  ct_params TEXT,
  ct_tag_id INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS ct_rc_tag_id ON "change_tag" (ct_rc_id, ct_tag_id);
CREATE UNIQUE INDEX IF NOT EXISTS ct_log_tag_id ON "change_tag" (ct_log_id, ct_tag_id);
CREATE UNIQUE INDEX IF NOT EXISTS ct_rev_tag_id ON "change_tag" (ct_rev_id, ct_tag_id);
CREATE INDEX IF NOT EXISTS ct_tag_id_id ON "change_tag" (ct_tag_id, ct_rc_id, ct_rev_id, ct_log_id);

CREATE TABLE IF NOT EXISTS "change_tag_def" (
  ctd_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  ctd_name TEXT NOT NULL,
  ctd_user_defined INTEGER NOT NULL,
  ctd_count INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS ctd_name ON "change_tag_def" (ctd_name);
CREATE INDEX IF NOT EXISTS ctd_count ON "change_tag_def" (ctd_count);
CREATE INDEX IF NOT EXISTS ctd_user_defined ON "change_tag_def" (ctd_user_defined);

CREATE TABLE IF NOT EXISTS "site_stats" (
  ss_row_id INTEGER NOT NULL,
  ss_total_edits INTEGER,
  ss_good_articles INTEGER,
  ss_total_pages INTEGER,
  ss_users INTEGER,
  ss_active_users INTEGER,
  ss_images INTEGER,
  PRIMARY KEY (ss_row_id)
);

CREATE TABLE IF NOT EXISTS "interwiki" (
  iw_prefix TEXT NOT NULL,
  iw_url TEXT NOT NULL,
  iw_api TEXT NOT NULL,
  iw_wikiid TEXT NOT NULL,
  iw_local INTEGER NOT NULL,
  iw_trans INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (iw_prefix)
);

CREATE TABLE IF NOT EXISTS "user_properties" (
  up_user INTEGER NOT NULL,
  up_property TEXT NOT NULL,
  up_value TEXT,
  PRIMARY KEY (up_user, up_property)
);
CREATE INDEX IF NOT EXISTS up_property ON "user_properties" (up_property);

CREATE TABLE IF NOT EXISTS "revision_comment_temp" (
  revcomment_rev INTEGER NOT NULL,
  revcomment_comment_id INTEGER NOT NULL,
  PRIMARY KEY (revcomment_rev, revcomment_comment_id)
);
CREATE UNIQUE INDEX IF NOT EXISTS revcomment_rev ON "revision_comment_temp" (revcomment_rev);

CREATE TABLE IF NOT EXISTS "ip_changes" (
  ipc_rev_id INTEGER NOT NULL DEFAULT 0,
  ipc_rev_timestamp TEXT NOT NULL,
  ipc_hex TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (ipc_rev_id)
);
CREATE INDEX IF NOT EXISTS ipc_rev_timestamp ON "ip_changes" (ipc_rev_timestamp);
CREATE INDEX IF NOT EXISTS ipc_hex_time ON "ip_changes" (ipc_hex, ipc_rev_timestamp);


-- wikiquery migration 2: the full-text search index (stemmed words of each page's title and current text, and its namespace as `n<number>`; rowid = page_id)
CREATE VIRTUAL TABLE IF NOT EXISTS wikiquery_search USING fts5(title, text, ns, content='', tokenize='unicode61 remove_diacritics 0');

-- wikiquery migration 3: the special pages' cached reports (MediaWiki's querycache, filled by `wikiquery update-special-pages`)
CREATE TABLE IF NOT EXISTS "querycache" (
  qc_type TEXT NOT NULL,
  qc_value INTEGER NOT NULL DEFAULT 0,
  qc_namespace INTEGER NOT NULL DEFAULT 0,
  qc_title TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS qc_type ON "querycache" (qc_type, qc_value);

CREATE TABLE IF NOT EXISTS "querycache_info" (
  qci_type TEXT NOT NULL DEFAULT '',
  qci_timestamp TEXT NOT NULL DEFAULT '19700101000000',
  PRIMARY KEY (qci_type)
);

-- wikiquery migration 4: accounts: MediaWiki's bot passwords, users' new-message flags, and the sessions a logout ended
CREATE TABLE IF NOT EXISTS "bot_passwords" (
  bp_user INTEGER NOT NULL,
  bp_app_id TEXT NOT NULL,
  bp_password TEXT NOT NULL,
  bp_token TEXT NOT NULL DEFAULT '',
  bp_restrictions TEXT NOT NULL,
  bp_grants TEXT NOT NULL,
  PRIMARY KEY (bp_user, bp_app_id)
);

CREATE TABLE IF NOT EXISTS "wikiquery_ended_session" (
  es_id TEXT NOT NULL PRIMARY KEY,
  es_expires INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS "user_newtalk" (
  user_id INTEGER NOT NULL DEFAULT 0,
  user_ip TEXT NOT NULL DEFAULT '',
  user_last_timestamp TEXT
);
CREATE INDEX IF NOT EXISTS un_user_id ON "user_newtalk" (user_id);
