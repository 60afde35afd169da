-- The scheduler's 10-second package triggers (seed 004 decision 9).
-- Monthly data reset: when next_reset_at comes, usage restarts at 0, an exhausted package is
-- active again, and next_reset_at moves one month on. NULL: the package never resets.
ALTER TABLE tb_package_usage ADD COLUMN IF NOT EXISTS next_reset_at TIMESTAMPTZ;

-- Packages due for the reset, and pending/active packages due to expire, found without a scan.
CREATE INDEX IF NOT EXISTS idx_package_usage_reset_due
    ON tb_package_usage (next_reset_at)
    WHERE status IN (1, 2) AND deleted_at IS NULL AND next_reset_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS idx_package_usage_expiry_due
    ON tb_package_usage (expires_at)
    WHERE status IN (0, 1) AND deleted_at IS NULL AND expires_at IS NOT NULL;
