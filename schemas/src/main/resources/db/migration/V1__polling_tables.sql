-- Tables of the polling system (ARCHITECTURE section 4).
-- Every statement is re-runnable (IF NOT EXISTS / idempotent ALTERs) so that a script
-- applied twice by hand does no harm; Flyway itself applies it once.

CREATE TABLE IF NOT EXISTS tb_device (
    id             BIGSERIAL PRIMARY KEY,
    device_no      VARCHAR(64)  NOT NULL,
    enable_polling BOOLEAN      NOT NULL DEFAULT TRUE,
    created_at     TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ  NOT NULL DEFAULT now(),
    deleted_at     TIMESTAMPTZ
);
-- Unique among live rows: a soft-deleted device does not block re-registering its number.
CREATE UNIQUE INDEX IF NOT EXISTS uq_device_device_no ON tb_device (device_no) WHERE deleted_at IS NULL;

CREATE TABLE IF NOT EXISTS tb_iot_card (
    id                       BIGSERIAL PRIMARY KEY,
    iccid                    VARCHAR(32)   NOT NULL,
    carrier_id               BIGINT        NOT NULL,
    carrier_type             VARCHAR(32)   NOT NULL,
    card_category            VARCHAR(16)   NOT NULL DEFAULT 'normal',
    real_name_status         SMALLINT      NOT NULL DEFAULT 0,
    network_status           SMALLINT      NOT NULL DEFAULT 1,
    stop_reason              VARCHAR(32),
    device_id                BIGINT        REFERENCES tb_device (id),
    enable_polling           BOOLEAN       NOT NULL DEFAULT TRUE,
    current_month_usage_mb   NUMERIC(18, 3) NOT NULL DEFAULT 0,
    current_month_start_date DATE,
    last_month_total_mb      NUMERIC(18, 3) NOT NULL DEFAULT 0,
    created_at               TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at               TIMESTAMPTZ   NOT NULL DEFAULT now(),
    deleted_at               TIMESTAMPTZ,
    CONSTRAINT ck_iot_card_category CHECK (card_category IN ('normal', 'industry')),
    CONSTRAINT ck_iot_card_real_name_status CHECK (real_name_status IN (0, 1)),
    CONSTRAINT ck_iot_card_network_status CHECK (network_status IN (0, 1)),
    -- An online card has no stop reason; a stopped card may have any (or none, if legacy).
    CONSTRAINT ck_iot_card_online_has_no_stop_reason CHECK (network_status = 0 OR stop_reason IS NULL),
    CONSTRAINT ck_iot_card_usage_not_negative CHECK (current_month_usage_mb >= 0 AND last_month_total_mb >= 0)
);
CREATE UNIQUE INDEX IF NOT EXISTS uq_iot_card_iccid ON tb_iot_card (iccid) WHERE deleted_at IS NULL;
-- Device dimension of stop/resume: all live cards of a device.
CREATE INDEX IF NOT EXISTS idx_iot_card_device ON tb_iot_card (device_id) WHERE deleted_at IS NULL AND device_id IS NOT NULL;
-- The initializer's id cursor (id > last ORDER BY id) over live cards only.
CREATE INDEX IF NOT EXISTS idx_iot_card_live_id ON tb_iot_card (id) WHERE deleted_at IS NULL;

CREATE TABLE IF NOT EXISTS tb_package_usage (
    id            BIGSERIAL PRIMARY KEY,
    iot_card_id   BIGINT        REFERENCES tb_iot_card (id),
    device_id     BIGINT        REFERENCES tb_device (id),
    status        SMALLINT      NOT NULL DEFAULT 0,
    data_limit_mb NUMERIC(18, 3) NOT NULL DEFAULT 0,
    data_usage_mb NUMERIC(18, 3) NOT NULL DEFAULT 0,
    activated_at  TIMESTAMPTZ,
    expires_at    TIMESTAMPTZ,
    created_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
    deleted_at    TIMESTAMPTZ,
    -- A package belongs to a card or to a device, never both, never neither.
    CONSTRAINT ck_package_usage_one_owner CHECK ((iot_card_id IS NULL) <> (device_id IS NULL)),
    -- 0 pending activation, 1 active, 2 exhausted, 3 expired.
    CONSTRAINT ck_package_usage_status CHECK (status IN (0, 1, 2, 3)),
    -- data_limit_mb = 0 means unlimited.
    CONSTRAINT ck_package_usage_amounts CHECK (data_limit_mb >= 0 AND data_usage_mb >= 0)
);
CREATE INDEX IF NOT EXISTS idx_package_usage_card_status
    ON tb_package_usage (iot_card_id, status) WHERE deleted_at IS NULL AND iot_card_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS idx_package_usage_device_status
    ON tb_package_usage (device_id, status) WHERE deleted_at IS NULL AND device_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS tb_polling_config (
    id                      BIGSERIAL PRIMARY KEY,
    config_name             VARCHAR(64) NOT NULL,
    card_condition          VARCHAR(32),
    carrier_id              BIGINT,
    priority                INTEGER     NOT NULL,
    realname_check_interval INTEGER,
    carddata_check_interval INTEGER,
    package_check_interval  INTEGER,
    protect_check_interval  INTEGER,
    status                  SMALLINT    NOT NULL DEFAULT 1,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT uq_polling_config_name UNIQUE (config_name),
    -- NULL matches any condition.
    CONSTRAINT ck_polling_config_condition CHECK (card_condition IN ('not_real_name', 'activated', 'suspended')),
    CONSTRAINT ck_polling_config_status CHECK (status IN (0, 1)),
    -- Seconds; NULL switches that task type off for the matched cards.
    CONSTRAINT ck_polling_config_intervals CHECK (
        (realname_check_interval IS NULL OR realname_check_interval > 0)
        AND (carddata_check_interval IS NULL OR carddata_check_interval > 0)
        AND (package_check_interval IS NULL OR package_check_interval > 0)
        AND (protect_check_interval IS NULL OR protect_check_interval > 0))
);
CREATE INDEX IF NOT EXISTS idx_polling_config_enabled_priority ON tb_polling_config (priority, id) WHERE status = 1;

CREATE TABLE IF NOT EXISTS data_usage_records (
    id             BIGSERIAL PRIMARY KEY,
    iot_card_id    BIGINT         NOT NULL REFERENCES tb_iot_card (id),
    month_start    DATE           NOT NULL,
    month_total_mb NUMERIC(18, 3) NOT NULL,
    -- Negative only for a carrier correction; it is recorded, never deducted.
    delta_mb       NUMERIC(18, 3) NOT NULL,
    sampled_at     TIMESTAMPTZ    NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS idx_data_usage_records_card ON data_usage_records (iot_card_id, sampled_at);

CREATE TABLE IF NOT EXISTS tb_stop_resume_log (
    id          BIGSERIAL PRIMARY KEY,
    iot_card_id BIGINT      NOT NULL,
    device_id   BIGINT,
    action      VARCHAR(16) NOT NULL,
    reason      VARCHAR(32) NOT NULL,
    trigger     VARCHAR(16) NOT NULL,
    result      VARCHAR(16) NOT NULL,
    attempt     INTEGER     NOT NULL,
    error       TEXT,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT ck_stop_resume_log_action CHECK (action IN ('stop', 'resume')),
    -- evaluation: StopResumeService's rules; operator: a manual stop/resume; protection: forced during a protection period.
    CONSTRAINT ck_stop_resume_log_trigger CHECK (trigger IN ('evaluation', 'operator', 'protection')),
    -- error: this attempt failed and another follows; failed: the last attempt failed, the card was left as it was.
    CONSTRAINT ck_stop_resume_log_result CHECK (result IN ('success', 'error', 'failed')),
    CONSTRAINT ck_stop_resume_log_attempt CHECK (attempt >= 1)
);
-- "Why was this card stopped?": newest entries of one card first.
CREATE INDEX IF NOT EXISTS idx_stop_resume_log_card ON tb_stop_resume_log (iot_card_id, created_at DESC);

-- The CDC reads these tables: updates and deletes must carry the whole before-image.
ALTER TABLE tb_iot_card REPLICA IDENTITY FULL;
ALTER TABLE tb_device REPLICA IDENTITY FULL;
ALTER TABLE tb_polling_config REPLICA IDENTITY FULL;
