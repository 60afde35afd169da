-- Every reason that held at a stop (issue 19, point 6). `reason` stays the one the card was stopped
-- for (the highest priority, also tb_iot_card.stop_reason); `reasons` lists all that held for the
-- card at that moment, that one first: "no_package, traffic_exhausted" tells an operator that the
-- card's only package is used up (someone must buy one), where "traffic_exhausted" alone means a
-- pending package takes over at its activation. For a resume it holds the reason lifted (or
-- manual); for an operator's stop, manual.
--
-- NULL on the rows written before this script: only `reason` is known for them. No backfill: an
-- UPDATE of the whole log would rewrite a large table and send every row through the change stream
-- again (the card-actions reader ignores updates, but the load is pointless).
--
-- The table is the outbox of polling.card.actions, read through Debezium with REPLICA IDENTITY FULL:
-- the reader picks the columns it needs by name, so a new column changes nothing there.
-- Re-runnable like every script here.
ALTER TABLE tb_stop_resume_log ADD COLUMN IF NOT EXISTS reasons TEXT[];

-- NOT VALID: new and changed rows are checked; the rows already there are NULL, so there is
-- nothing to validate, and a full scan under the lock ADD CONSTRAINT takes is saved.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'ck_stop_resume_log_reasons') THEN
        ALTER TABLE tb_stop_resume_log ADD CONSTRAINT ck_stop_resume_log_reasons
            CHECK (reasons IS NULL OR (cardinality(reasons) >= 1 AND reasons[1] = reason)) NOT VALID;
    END IF;
END $$;
