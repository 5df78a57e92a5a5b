#!/usr/bin/env python3
"""Copies a MediaWiki SQLite database and repeats its history until its recent-changes feed holds
about CHANGES rows.

    tools/grow_fixture_changes.py SOURCE.sqlite TARGET.sqlite [CHANGES]

Each round copies every revision (new id, same page, user and comment, timestamps an hour older
than the round before, parents mapped to the round's copies) with its `revision_comment_temp`
and `ip_changes` rows, and every recent change (pointing at the round's copied revisions) with
its tags. Pages keep their latest revision, so no copy is the top one. Both wikiquery and
MediaWiki itself can serve TARGET: tools/bench_activity.sh compares them on it.
"""
import calendar
import shutil
import sqlite3
import sys
import time


def shifted(stamp, seconds):
    at = calendar.timegm(time.strptime(stamp, "%Y%m%d%H%M%S")) - seconds
    return time.strftime("%Y%m%d%H%M%S", time.gmtime(at))


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    source, target = sys.argv[1], sys.argv[2]
    wanted = int(sys.argv[3]) if len(sys.argv) == 4 else 1_000_000
    shutil.copyfile(source, target)
    db = sqlite3.connect(target)
    rev_cols = [r[1] for r in db.execute("PRAGMA table_info(revision)")]
    rc_cols = [r[1] for r in db.execute("PRAGMA table_info(recentchanges)")]
    revisions = db.execute(f"SELECT {', '.join(rev_cols)} FROM revision ORDER BY rev_id").fetchall()
    changes = db.execute(f"SELECT {', '.join(rc_cols)} FROM recentchanges ORDER BY rc_id").fetchall()
    temp = dict(db.execute("SELECT revcomment_rev, revcomment_comment_id FROM revision_comment_temp"))
    ips = {r: (ts, h) for r, ts, h in db.execute("SELECT ipc_rev_id, ipc_rev_timestamp, ipc_hex FROM ip_changes")}
    tags = {}
    for rc, tag in db.execute("SELECT ct_rc_id, ct_tag_id FROM change_tag WHERE ct_rc_id IS NOT NULL"):
        tags.setdefault(rc, []).append(tag)
    if not changes:
        sys.exit(f"{source} has no recent changes")
    ri = {c: i for i, c in enumerate(rev_cols)}
    ci = {c: i for i, c in enumerate(rc_cols)}
    rounds = max(0, (wanted - len(changes)) // len(changes))
    next_rev = db.execute("SELECT MAX(rev_id) FROM revision").fetchone()[0] + 1
    next_rc = db.execute("SELECT MAX(rc_id) FROM recentchanges").fetchone()[0] + 1
    cur = db.cursor()
    rev_insert = f"INSERT INTO revision ({', '.join(rev_cols)}) VALUES ({', '.join('?' * len(rev_cols))})"
    rc_insert = f"INSERT INTO recentchanges ({', '.join(rc_cols)}) VALUES ({', '.join('?' * len(rc_cols))})"
    for k in range(1, rounds + 1):
        back = k * 3600
        ids = {}
        rev_rows, temp_rows, ip_rows = [], [], []
        for row in revisions:
            ids[row[ri["rev_id"]]] = next_rev
            next_rev += 1
        for row in revisions:
            new = list(row)
            old_id = row[ri["rev_id"]]
            new[ri["rev_id"]] = ids[old_id]
            new[ri["rev_timestamp"]] = shifted(row[ri["rev_timestamp"]], back)
            parent = row[ri["rev_parent_id"]]
            new[ri["rev_parent_id"]] = ids.get(parent, parent)
            rev_rows.append(new)
            if old_id in temp:
                temp_rows.append((ids[old_id], temp[old_id]))
            if old_id in ips:
                ip_rows.append((ids[old_id], shifted(ips[old_id][0], back), ips[old_id][1]))
        cur.executemany(rev_insert, rev_rows)
        cur.executemany("INSERT INTO revision_comment_temp (revcomment_rev, revcomment_comment_id) VALUES (?, ?)",
                        temp_rows)
        cur.executemany("INSERT INTO ip_changes (ipc_rev_id, ipc_rev_timestamp, ipc_hex) VALUES (?, ?, ?)", ip_rows)
        rc_rows, tag_rows = [], []
        for row in changes:
            new = list(row)
            new[ci["rc_id"]] = next_rc
            new[ci["rc_timestamp"]] = shifted(row[ci["rc_timestamp"]], back)
            for col in ("rc_this_oldid", "rc_last_oldid"):
                new[ci[col]] = ids.get(row[ci[col]], row[ci[col]])
            for tag in tags.get(row[ci["rc_id"]], []):
                tag_rows.append((next_rc, new[ci["rc_this_oldid"]] or None, tag))
            rc_rows.append(new)
            next_rc += 1
        cur.executemany(rc_insert, rc_rows)
        cur.executemany("INSERT INTO change_tag (ct_rc_id, ct_rev_id, ct_tag_id) VALUES (?, ?, ?)", tag_rows)
        if k % 500 == 0:
            db.commit()
    db.commit()
    total = db.execute("SELECT COUNT(*) FROM recentchanges").fetchone()[0]
    db.execute("ANALYZE")
    db.commit()
    db.close()
    print(f"{target}: {total} recent changes")


if __name__ == "__main__":
    main()
