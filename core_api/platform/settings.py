"""One settings object for every process, read from the environment (``CONSOLE_*``) and validated at start."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parents[2]
WEAK_SECRETS = {"", "secret", "changeme", "change-me", "dev", "development", "password", "admin123"}


# What the HTTP servers read of a request line and of a header. aiohttp's 8 KB is less than a query the contract
# accepts (a 2,000-character Chinese text is 18 KB once percent-encoded), and a line beyond it gets the server's
# plain-text 400 instead of the envelope; every value stays bounded by its field's own rule behind it.
MAX_REQUEST_LINE, MAX_HEADER_FIELD = 64 * 1024, 16 * 1024

class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CONSOLE_", extra="ignore")

    env: Literal["development", "production"] = "development"
    var_dir: Path = ROOT / "var"
    database_url: str = ""
    # A hot standby of database_url (PostgreSQL): the lists, exports and charts that may be a moment old read
    # from it, except for an operator whose own last write it has not replayed yet (core_api/platform/replica.py).
    database_replica_url: str = ""
    amqp_url: str = ""
    redis_url: str = ""
    secret_key: str = ""
    timezone: str = "Asia/Shanghai"
    product_name: str = "密讯"
    # The product's short name: the segment of the main product configuration's paths
    # (/admin/CommonConfig/get_{product_code}_config). Read when the routes are declared: a restart applies it.
    product_code: str = Field("mixun", pattern=r"^[a-z][a-z0-9]{1,19}$")

    session_timeout_minutes: float = Field(30, gt=0)
    # None: the config key sys.account.captchaEnabled decides; production refuses False.
    captcha_enabled: bool | None = None
    trusted_proxies: str = "127.0.0.1,::1"

    # Wrong passwords lock a (user name, client address) pair; across addresses a user name is only
    # slowed down (a delay doubling from login_delay_ms up to login_delay_max_ms), never locked.
    login_max_retries: int = 5
    login_lock_minutes: int = 10
    login_delay_ms: int = Field(500, ge=0)
    login_delay_max_ms: int = Field(5000, ge=0)
    login_ip_limit: int = 30  # attempts per IP ...
    login_ip_window_seconds: int = 300  # ... in this window

    sms_provider: Literal["local", "http"] = "local"
    sms_http_url: str = ""
    sms_http_token: str = ""

    storage_provider: Literal["local", "s3"] = "local"
    s3_endpoint_url: str = ""  # empty: AWS itself
    s3_bucket: str = ""
    s3_region: str = "us-east-1"
    s3_access_key: str = ""
    s3_secret_key: str = ""
    s3_visit_prefix: str = ""  # the public base URL of objects (a CDN), else <endpoint>/<bucket>
    s3_role_arn: str = ""  # the role whose temporary credentials uploaders get
    upload_max_mb: float = Field(5, gt=0, le=1024)  # one uploaded image or file (the spec's 5 MB)

    # The maps service of nearby search and reverse geocoding (core_api/platform/maps.py): local answers from
    # the console's own places; http asks an AMap-like service with a key (and a signing secret).
    maps_provider: Literal["local", "http"] = "local"
    maps_http_url: str = ""
    maps_key: str = ""
    maps_secret: str = ""
    maps_timeout_seconds: float = Field(5, gt=0, le=60)
    # Where the browser's map picker takes raster tiles from ({z}/{x}/{y} template); empty: no tiles, the
    # picker draws the shipped province outlines only (works with no internet).
    map_tile_url: str = ""
    # The mobile-wallet provider of pay codes and withdrawal payouts (core_api/platform/wallet.py): "local" plays
    # the provider inside the console (development, demo, browser specs); "http" talks to a real one.
    wallet_provider: Literal["local", "http"] = "local"
    # The provider's short name: the segment of GET /admin/open/v1/{name}_pay_pc and of its callback path;
    # empty: the provider kind ("local", "http").
    wallet_name: str = Field("", pattern=r"^([a-z][a-z0-9]{1,15})?$")
    wallet_http_url: str = ""  # the provider's API base, e.g. https://openapi.wallet.example.cn
    wallet_merchant_id: str = ""
    wallet_key: str = ""  # the HMAC key shared with the provider; local: derived from the secret when empty
    wallet_notify_url: str = ""  # our callback's public URL as the provider must call it
    wallet_timeout_seconds: float = Field(10, gt=0, le=60)
    wallet_code_minutes: int = Field(15, ge=1, le=1440)  # a pay code's lifetime
    # The supply-chain cloud of synced goods (core_api/platform/supply.py): "local" answers from a small built-in
    # catalogue (development, demo, browser specs); "http" asks a real provider with signed requests.
    supply_provider: Literal["local", "http"] = "local"
    supply_url: str = ""  # the provider's API base, e.g. https://api.supply.example.cn
    supply_key: str = ""  # the HMAC key shared with the provider
    supply_timeout_seconds: float = Field(10, gt=0, le=60)

    core_url: str = "http://127.0.0.1:8010"  # where the BFF finds the core API
    chat_partner_key: str = ""  # the mobile app's server and partners ask for peer chat tokens with it
    # Where operators' decisions on app users (freeze, mute, usable) are POSTed, signed with the partner key;
    # empty: the events are recorded and shown as not deliverable (no URL configured).
    app_webhook_url: str = ""
    app_webhook_timeout_seconds: float = Field(10, gt=0, le=120)
    # Hosts and networks (comma-separated) that the addresses operators set at run time may name although internal
    # (core_api/platform/outbound.py): "hooks.corp,10.1.0.0/16"; the tests list 127.0.0.1 for their servers.
    outbound_allow: str = ""
    bus_prefix: str = Field("console", pattern=r"^[a-z][a-z0-9_-]{0,30}$")  # exchange and queue name prefix
    bus_retry_delay_ms: int = 2000
    # Every bus queue as a RabbitMQ quorum queue (named "<...>.quorum"): the event and parking queues, and the
    # delay and retry queues, which dead-letter at least once, so a timeout or a retry expiring while the broker
    # restarts is kept until its target queue takes it (tests/test_order_timeouts.py, tests/test_bus.py). The
    # production topology (ops/cluster.py) turns it on. Off by default: a developer's machine runs one broker node,
    # where quorum queues replicate nothing and each is a Raft log of its own, which the suites would declare and
    # delete by the thousand (a prefix per test, a queue per handler); classic durable queues pass the same tests
    # there (docs/decisions.md).
    bus_quorum: bool = False
    bus_max_attempts: int = 5
    # Tests only: after committing a fire and before publishing it, the scheduler writes this file and waits,
    # so that a test can kill the leader exactly there.
    scheduler_hold_file: str = ""
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"  # of the console's own loggers
    # Tests only: "light" hashes passwords at Argon2id's smallest cost (core_api/platform/passwords.py).
    argon2_cost: Literal["standard", "light"] = "standard"

    @model_validator(mode="after")
    def _check(self) -> Settings:
        if self.env == "production":
            if self.secret_key.strip().lower() in WEAK_SECRETS or len(self.secret_key) < 32:
                raise ValueError("CONSOLE_SECRET_KEY must be set to 32 or more random characters in production")
            if self.chat_partner_key and len(self.chat_partner_key) < 24:
                raise ValueError("CONSOLE_CHAT_PARTNER_KEY must have 24 or more characters in production")
            if self.captcha_enabled is False:
                raise ValueError("CONSOLE_CAPTCHA_ENABLED=false is refused in production")
            if self.argon2_cost != "standard":
                raise ValueError("CONSOLE_ARGON2_COST=light is refused in production")
        return self

    @cached_property
    def db_url(self) -> str:
        if self.database_url:
            url = self.database_url
            if url.startswith("postgresql://"):
                url = "postgres://" + url.removeprefix("postgresql://")
            return url
        self.var_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite://{self.var_dir / 'console.sqlite3'}"

    @property
    def replica_url(self) -> str:
        """The standby's URL when there is one to read from: PostgreSQL only (SQLite has no standby)."""
        if not (self.database_replica_url and self.is_postgres):
            return ""
        url = self.database_replica_url
        return "postgres://" + url.removeprefix("postgresql://") if url.startswith("postgresql://") else url

    @property
    def client_max_size(self) -> int:
        """The largest request body the apps read whole: one upload plus its multipart framing."""
        return int((self.upload_max_mb + 1) * 1024 * 1024)

    @property
    def is_postgres(self) -> bool:
        return self.db_url.startswith("postgres")

    @cached_property
    def secret(self) -> bytes:
        """The signing key; development generates one into var/ on first start."""
        if self.secret_key:
            return self.secret_key.encode()
        self.var_dir.mkdir(parents=True, exist_ok=True)
        path = self.var_dir / "secret_key"
        if not path.exists():
            path.write_text(secrets.token_urlsafe(48))
            path.chmod(0o600)
        return path.read_text().strip().encode()

    @cached_property
    def partner_key(self) -> str:
        """The chat partner key; development generates one into var/ so that ``ops/chat_sim.py`` works
        after a bare ``./ops/up``. Production without ``CONSOLE_CHAT_PARTNER_KEY`` keeps partner calls closed."""
        if self.chat_partner_key or self.env == "production":
            return self.chat_partner_key
        self.var_dir.mkdir(parents=True, exist_ok=True)
        path = self.var_dir / "chat_partner_key"
        if not path.exists():
            path.write_text(secrets.token_urlsafe(32))
            path.chmod(0o600)
        return path.read_text().strip()

    @property
    def wallet_segment(self) -> str:
        return self.wallet_name or self.wallet_provider

    @cached_property
    def wallet_secret(self) -> str:
        """The key signing the wallet provider's calls and callbacks; the local provider's is derived from
        the console's secret unless one is set."""
        if self.wallet_key:
            return self.wallet_key
        if self.wallet_provider == "http":
            return ""
        return hmac.new(self.secret, b"local-wallet", hashlib.sha256).hexdigest()

    @property
    def session_timeout_seconds(self) -> float:
        return self.session_timeout_minutes * 60

    @property
    def trusted_proxy_set(self) -> frozenset[str]:
        return frozenset(p.strip() for p in self.trusted_proxies.split(",") if p.strip())
