-- Rule switches (issue 19, seed 004 risk S3): whether not_realname stops are enforced, per carrier
-- and as a global default, with an optional grace date before which unverified cards are not
-- stopped. Every change is audited. Re-runnable like every script here.

CREATE TABLE IF NOT EXISTS tb_rule_switch (
    id                       BIGSERIAL PRIMARY KEY,
    -- NULL: the global default; a carrier's row overrides it whole.
    carrier_id               BIGINT,
    enforce_not_realname     BOOLEAN      NOT NULL DEFAULT TRUE,
    -- Before this instant unverified cards are not stopped for not_realname; NULL: no grace.
    not_realname_grace_until TIMESTAMPTZ,
    updated_by               VARCHAR(128) NOT NULL,
    updated_at               TIMESTAMPTZ  NOT NULL DEFAULT now()
);
-- One row per carrier, and one default row.
CREATE UNIQUE INDEX IF NOT EXISTS uq_rule_switch_carrier
    ON tb_rule_switch (carrier_id) WHERE carrier_id IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS uq_rule_switch_default
    ON tb_rule_switch ((carrier_id IS NULL)) WHERE carrier_id IS NULL;

-- The default as the rules behaved before switches existed: not_realname enforced everywhere.
INSERT INTO tb_rule_switch (carrier_id, enforce_not_realname, updated_by)
SELECT NULL, TRUE, 'migration V10'
WHERE NOT EXISTS (SELECT 1 FROM tb_rule_switch WHERE carrier_id IS NULL);

CREATE TABLE IF NOT EXISTS tb_rule_switch_audit (
    id                           BIGSERIAL PRIMARY KEY,
    -- NULL: the global default.
    carrier_id                   BIGINT,
    -- Who made the change, as the caller of the admin API named themselves.
    actor                        VARCHAR(128) NOT NULL,
    changed_at                   TIMESTAMPTZ  NOT NULL DEFAULT now(),
    -- NULL old values: there was no row (the carrier followed the default).
    old_enforce_not_realname     BOOLEAN,
    old_not_realname_grace_until TIMESTAMPTZ,
    -- NULL new values: the row was removed (the carrier follows the default again).
    new_enforce_not_realname     BOOLEAN,
    new_not_realname_grace_until TIMESTAMPTZ
);
-- "What happened to carrier N's switch?": newest first.
CREATE INDEX IF NOT EXISTS idx_rule_switch_audit_carrier ON tb_rule_switch_audit (carrier_id, id DESC);
