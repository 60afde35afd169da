-- When and by how much each card's month-to-date total last moved, for the usage-aware carddata
-- intervals: the planner estimates a card's recent usage rate from its last change (the MB it moved
-- by, over the time since the change before it), so that a card near its package limit is checked
-- sooner and an idle one rarely.
--
-- Written only by a carddata check whose total moved, in the same statement as the counters: a check
-- that changes nothing still writes nothing, and this table stays out of every publication, so the
-- change stream carries lifecycle changes only.
--
-- Adding nullable columns without a default rewrites no row. NULL reads as "not known yet": rows of
-- earlier versions get their times at their next change. Re-runnable like every script here.
ALTER TABLE tb_card_month_usage
    -- When the check that last saw the month-to-date total move read it.
    ADD COLUMN IF NOT EXISTS changed_at        TIMESTAMPTZ,
    -- How much the total moved then (the new month's total when a month began; 0 for a carrier's
    -- correction downwards).
    ADD COLUMN IF NOT EXISTS last_change_mb    NUMERIC(18, 3),
    -- Since when that amount was used: the change before it, or the month's start when that is
    -- later; NULL when the change before it is not known (the first sample).
    ADD COLUMN IF NOT EXISTS last_change_since TIMESTAMPTZ;
