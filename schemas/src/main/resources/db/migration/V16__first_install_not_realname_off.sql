-- A first install does not enforce the not_realname stop rule until an operator turns it on.
--
-- V10 created the default rule switch enforcing it, as the rules behaved before switches existed.
-- On a new installation over an existing fleet that stops every online, unverified, normal card at
-- its next check, before anybody ran the dry run. So on a first install (the mark the beforeMigrate
-- callback writes) the default row V10 made is turned off here, with an audit row saying so; the
-- operator turns it on with PUT /api/admin/rules/switches/default after a dry run. An upgrade has
-- no mark and keeps its setting, enforced or not.
--
-- A database may ask for the rule from the first start instead, for an operator who ran the dry
-- run elsewhere (and for test and demo databases, whose scenarios are the rules at work):
--   ALTER DATABASE <name> SET cmp_polling.first_install_not_realname = 'enforced';
-- before the first start. Any other value, or none, leaves the default off.
--
-- Re-runnable like every script here: the row is changed only while it is still as V10 wrote it;
-- once this script or an operator has set it, updated_by says so and nothing happens. The table is
-- the callback's; it is declared here as well so that this script also runs where the callback did
-- not (applied by hand), then finding no mark.
CREATE TABLE IF NOT EXISTS tb_schema_install (
    id           BOOLEAN     PRIMARY KEY DEFAULT TRUE CHECK (id),
    installed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

WITH turned_off AS (
    UPDATE tb_rule_switch
       SET enforce_not_realname = FALSE,
           updated_by = 'migration V16 (first install)',
           updated_at = now()
     WHERE carrier_id IS NULL
       AND enforce_not_realname
       AND updated_by = 'migration V10'
       AND EXISTS (SELECT 1 FROM tb_schema_install)
       AND COALESCE(current_setting('cmp_polling.first_install_not_realname', TRUE), '') <> 'enforced'
    RETURNING not_realname_grace_until
)
INSERT INTO tb_rule_switch_audit (carrier_id, actor,
                                  old_enforce_not_realname, old_not_realname_grace_until,
                                  new_enforce_not_realname, new_not_realname_grace_until)
SELECT NULL, 'migration V16 (first install)', TRUE, not_realname_grace_until, FALSE, not_realname_grace_until
  FROM turned_off;
