"""Mobile-wallet adapter: pay codes (a QR code the payer scans) and payouts (withdrawals paid to a user).

Two implementations, chosen by ``CONSOLE_WALLET_PROVIDER``:

- ``local``: the console plays the provider in-process. Its codes are ``localpay://`` URLs; they are paid by a
  callback signed with the local key (``Settings.wallet_secret``), which the console builds itself for its
  "simulate payment" button (development only) and the tests build by hand. Payouts succeed at once, except to
  an account starting with ``fail`` (refused by the "provider", for demos of a failed payout).
- ``http``: a real provider over signed JSON/HTTP, the protocol below.

Protocol (both directions signed alike, HMAC-SHA256 with the shared key, hex)::

    X-Wallet-Merchant:  our merchant id                       (requests to the provider)
    X-Wallet-Timestamp: unix seconds (within 300 s)
    X-Wallet-Nonce:     16-64 random visible characters
    X-Wallet-Signature: hex HMAC-SHA256(key, timestamp + "\\n" + nonce + "\\n" + METHOD + "\\n" + path + "\\n" + body)

    POST /v1/pay_codes      {"outTradeNo", "amountFen", "subject", "expireAt", "notifyUrl"}
                         -> {"code": "SUCCESS", "data": {"codeUrl", "tradeNo", "expireAt"}}
    POST /v1/payouts        {"outPayoutNo", "amountFen", "uid", "account", "name", "channel"}
                         -> {"code": "SUCCESS", "data": {"status": "SUCCESS"|"PROCESSING"|"FAILED",
                                                          "payoutId", "failReason"}}
    GET  /v1/payouts/{outPayoutNo}                -> the same data
    POST /v1/refunds        {"outRefundNo", "outTradeNo", "amountFen"}
                         -> {"code": "SUCCESS", "data": {"status": "SUCCESS"|"PROCESSING"|"FAILED",
                                                          "refundId", "failReason"}}
    every answer is signed the same way with METHOD "RESPONSE" and the request's path.
    callback (provider -> us) POST <notify url> {"outTradeNo", "tradeNo", "amountFen", "status": "PAID", "paidAt"}
                         <- {"code": "SUCCESS"}

``outTradeNo``, ``outPayoutNo`` and ``outRefundNo`` are the idempotency keys: the provider answers a repeat
with the first result and never pays twice, so a retry after a timeout reuses the number fixed before the first call.
A refusal (``code`` other than SUCCESS) is final, except those ours to fix (``KEEP_OPEN``); a timeout, a
connection error or a 5xx is not
(``WalletUnavailable``): the caller keeps the operation open and retries with the same number.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol
from urllib.parse import quote, urlsplit

import aiohttp
import orjson

from core_api.platform.errors import ServiceError
from core_api.platform.settings import Settings

log = logging.getLogger("console.wallet")
MAX_SKEW = 300
PAID, PROCESSING, FAILED = "SUCCESS", "PROCESSING", "FAILED"
# The provider's refusal codes in the operator's words; anything else is shown with its code.
ERRORS = {
    "INSUFFICIENT_FUNDS": "商户账户余额不足，请充值后重试",
    "ACCOUNT_INVALID": "收款账户不存在或已冻结",
    "NAME_MISMATCH": "收款人姓名与账户不符",
    "AMOUNT_LIMIT": "金额超出支付渠道的单笔限额",
    "SIGN_ERROR": "支付渠道验签失败，请检查商户密钥配置",
    "MERCHANT_INVALID": "商户号无效或未开通该功能",
    "ORDER_EXISTS": "订单号已被使用",
    "PARAM_ERROR": "支付渠道拒绝了请求参数",
}


class WalletUnavailable(ServiceError):
    """The provider did not answer usably (timeout, connection, 5xx, a bad signature on its answer): the
    outcome is unknown, the operation stays open and is retried with the same number."""


class WalletRefused(ServiceError):
    """The provider refused the request."""

    def __init__(self, msg: str, refusal: str = "") -> None:
        super().__init__(msg)
        self.refusal = refusal


# Refusals of a payout that are ours to fix (key, merchant, funds): the withdrawal stays payable.
KEEP_OPEN = frozenset({"SIGN_ERROR", "MERCHANT_INVALID", "INSUFFICIENT_FUNDS"})


@dataclass(frozen=True)
class PayCode:
    code_url: str
    expires_at: datetime
    trade_no: str


@dataclass(frozen=True)
class Payout:
    status: str  # SUCCESS | PROCESSING | FAILED
    payout_id: str = ""
    reason: str = ""


@dataclass(frozen=True)
class Refund:
    status: str  # SUCCESS | PROCESSING | FAILED
    refund_id: str = ""
    reason: str = ""


@dataclass(frozen=True)
class Notice:
    """A verified payment callback."""

    out_trade_no: str
    trade_no: str
    amount_fen: int
    status: str
    paid_at: datetime


def sign(key: str, timestamp: str, nonce: str, method: str, path: str, body: bytes) -> str:
    message = f"{timestamp}\n{nonce}\n{method.upper()}\n{path}\n".encode() + body
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()


def signed_headers(key: str, method: str, path: str, body: bytes, *, merchant: str = "",
                   now: float | None = None) -> dict[str, str]:
    timestamp = str(int(time.time() if now is None else now))
    nonce = secrets.token_hex(16)
    headers = {"Content-Type": "application/json", "X-Wallet-Timestamp": timestamp, "X-Wallet-Nonce": nonce,
               "X-Wallet-Signature": sign(key, timestamp, nonce, method, path, body)}
    if merchant:
        headers["X-Wallet-Merchant"] = merchant
    return headers


def check_signature(key: str, headers: Any, method: str, path: str, body: bytes, now: float) -> None:
    """Raises ``ServiceError(401)`` unless the headers sign this request with the key, recently."""
    timestamp = headers.get("X-Wallet-Timestamp", "")
    nonce = headers.get("X-Wallet-Nonce", "")
    given = headers.get("X-Wallet-Signature", "")
    if not key or not timestamp or not nonce or not given:
        raise ServiceError("缺少签名", 401)
    if not (timestamp.isascii() and timestamp.isdigit() and len(timestamp) <= 12) \
            or abs(int(timestamp) - now) > MAX_SKEW:
        raise ServiceError("签名时间戳已过期或格式不正确", 401)
    if not (nonce.isascii() and nonce.isprintable() and 16 <= len(nonce) <= 64):
        raise ServiceError("签名随机串格式不正确", 401)
    expected = sign(key, timestamp, nonce, method, path, body)
    if not hmac.compare_digest(expected.encode(), given.lower().encode()):
        raise ServiceError("签名不正确", 401)


def parse_notice(body: bytes) -> Notice:
    """The callback's body, strictly: any malformed field refuses the whole callback."""
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        raise ServiceError("回调内容不是有效的 JSON") from None
    if not isinstance(data, dict):
        raise ServiceError("回调内容格式不正确")
    out_trade_no, trade_no, amount, status, paid_at = (data.get(k) for k in (
        "outTradeNo", "tradeNo", "amountFen", "status", "paidAt"))
    if not isinstance(out_trade_no, str) or not 1 <= len(out_trade_no) <= 64 or not out_trade_no.isascii():
        raise ServiceError("回调的订单号不正确")
    if not isinstance(trade_no, str) or len(trade_no) > 64:
        raise ServiceError("回调的渠道流水号不正确")
    if type(amount) is not int or not 0 < amount <= 10**12:
        raise ServiceError("回调的金额不正确")
    if status != "PAID":
        raise ServiceError("回调的支付状态不正确")
    if type(paid_at) is not int or not 0 < paid_at < 4102444800:
        raise ServiceError("回调的支付时间不正确")
    return Notice(out_trade_no, trade_no, amount, status, datetime.fromtimestamp(paid_at, UTC))


class Wallet(Protocol):
    name: str  # the provider's short name: the path segment
    local: bool

    async def create_pay_code(self, order_no: str, amount_fen: int, subject: str,
                              expires_at: datetime) -> PayCode: ...

    async def payout(self, payout_no: str, uid: int, account: str, name: str, channel: str,
                     amount_fen: int) -> Payout: ...

    async def query_payout(self, payout_no: str) -> Payout: ...

    async def refund(self, refund_no: str, out_trade_no: str, amount_fen: int) -> Refund: ...

    def verify_callback(self, headers: Any, method: str, path: str, body: bytes, now: float) -> Notice: ...


class LocalWallet:
    """The console as its own provider (development, demo, browser specs)."""

    local = True

    def __init__(self, name: str, key: str) -> None:
        self.name = name
        self.key = key
        self.payouts: dict[str, Payout] = {}  # per process: idempotent by payout number
        self.payout_calls = 0
        self.refunds: dict[str, Refund] = {}  # per process: idempotent by refund number
        self.refund_calls = 0

    async def create_pay_code(self, order_no: str, amount_fen: int, subject: str,
                              expires_at: datetime) -> PayCode:
        url = f"localpay://pay?orderNo={quote(order_no)}&amountFen={amount_fen}&subject={quote(subject)}"
        return PayCode(url, expires_at, "L" + order_no)

    async def payout(self, payout_no: str, uid: int, account: str, name: str, channel: str,
                     amount_fen: int) -> Payout:
        self.payout_calls += 1
        if payout_no not in self.payouts:
            refused = account.lower().startswith("fail")
            self.payouts[payout_no] = Payout(FAILED, "", ERRORS["ACCOUNT_INVALID"]) if refused \
                else Payout(PAID, "LP" + payout_no)
        return self.payouts[payout_no]

    async def query_payout(self, payout_no: str) -> Payout:
        return self.payouts.get(payout_no, Payout(FAILED, "", "渠道无此付款单"))

    async def refund(self, refund_no: str, out_trade_no: str, amount_fen: int) -> Refund:
        """Refunds succeed at once, once per refund number."""
        self.refund_calls += 1
        if refund_no not in self.refunds:
            self.refunds[refund_no] = Refund(PAID, "LR" + refund_no)
        return self.refunds[refund_no]

    def verify_callback(self, headers: Any, method: str, path: str, body: bytes, now: float) -> Notice:
        check_signature(self.key, headers, method, path, body, now)
        return parse_notice(body)

    def signed_notice(self, path: str, out_trade_no: str, trade_no: str, amount_fen: int,
                      paid_at: int) -> tuple[dict[str, str], bytes]:
        """What the local provider POSTs to the callback when its code is paid."""
        body = orjson.dumps({"outTradeNo": out_trade_no, "tradeNo": trade_no, "amountFen": amount_fen,
                             "status": "PAID", "paidAt": paid_at})
        return signed_headers(self.key, "POST", path, body), body


class HttpWallet:
    """A real provider over the signed JSON protocol of this module."""

    local = False

    def __init__(self, name: str, base_url: str, merchant: str, key: str, notify_url: str,
                 timeout: float = 10.0) -> None:
        self.name = name
        self.base_url = base_url.rstrip("/")
        self.base_path = urlsplit(self.base_url).path
        self.merchant = merchant
        self.key = key
        self.notify_url = notify_url
        self.timeout = aiohttp.ClientTimeout(total=timeout)

    async def _call(self, method: str, path: str, payload: dict[str, Any] | None) -> dict[str, Any]:
        body = orjson.dumps(payload) if payload is not None else b""
        full_path = self.base_path + path
        headers = signed_headers(self.key, method, full_path, body, merchant=self.merchant)
        try:
            async with aiohttp.ClientSession(timeout=self.timeout) as http:
                async with http.request(method, self.base_url + path, data=body, headers=headers) as response:
                    raw = await response.read()
                    if response.status >= 500:
                        log.error("wallet %s %s answered %s: %s", method, path, response.status, raw[:200])
                        raise WalletUnavailable(f"支付渠道暂时不可用（HTTP {response.status}），请稍后重试")
                    try:
                        check_signature(self.key, response.headers, "RESPONSE", full_path, raw, time.time())
                    except ServiceError:
                        log.error("wallet %s %s: answer not signed by the provider", method, path)
                        raise WalletUnavailable("支付渠道的应答签名不正确，结果未知，请稍后重试") from None
                    answer = orjson.loads(raw)
        except TimeoutError:
            raise WalletUnavailable("支付渠道响应超时，请稍后重试") from None
        except aiohttp.ClientError as exc:
            log.error("wallet %s %s unreachable: %r", method, path, exc)
            raise WalletUnavailable("无法连接支付渠道，请稍后重试") from None
        except orjson.JSONDecodeError:
            raise WalletUnavailable("支付渠道的应答格式不正确，请稍后重试") from None
        if not isinstance(answer, dict):
            raise WalletUnavailable("支付渠道的应答格式不正确，请稍后重试")
        code = str(answer.get("code", ""))
        if code != "SUCCESS":
            raise WalletRefused(ERRORS.get(code, f"支付渠道拒绝了请求（{code[:40] or '无错误码'}）"), code)
        data = answer.get("data")
        if not isinstance(data, dict):
            raise WalletUnavailable("支付渠道的应答格式不正确，请稍后重试")
        return data

    async def create_pay_code(self, order_no: str, amount_fen: int, subject: str,
                              expires_at: datetime) -> PayCode:
        data = await self._call("POST", "/v1/pay_codes", {
            "outTradeNo": order_no, "amountFen": amount_fen, "subject": subject,
            "expireAt": int(expires_at.timestamp()), "notifyUrl": self.notify_url})
        url, trade_no, expire_at = data.get("codeUrl"), data.get("tradeNo", ""), data.get("expireAt")
        if not isinstance(url, str) or not url or len(url) > 500 or not isinstance(trade_no, str):
            raise WalletUnavailable("支付渠道的应答格式不正确，请稍后重试")
        expires = datetime.fromtimestamp(expire_at, UTC) if type(expire_at) is int else expires_at
        return PayCode(url, min(expires, expires_at), trade_no[:64])

    @staticmethod
    def _payout(data: dict[str, Any]) -> Payout:
        status = data.get("status")
        if status not in (PAID, PROCESSING, FAILED):
            raise WalletUnavailable("支付渠道的应答格式不正确，请稍后重试")
        reason = str(data.get("failReason") or "")
        return Payout(status, str(data.get("payoutId") or "")[:64], ERRORS.get(reason, reason)[:200])

    async def payout(self, payout_no: str, uid: int, account: str, name: str, channel: str,
                     amount_fen: int) -> Payout:
        try:
            data = await self._call("POST", "/v1/payouts", {
                "outPayoutNo": payout_no, "amountFen": amount_fen, "uid": uid, "account": account, "name": name,
                "channel": channel})
        except WalletRefused as exc:
            if exc.refusal in KEEP_OPEN:
                raise  # nothing paid, nothing final: fixed on our side, then retried with the same number
            return Payout(FAILED, "", exc.msg)
        return self._payout(data)

    async def query_payout(self, payout_no: str) -> Payout:
        return self._payout(await self._call("GET", f"/v1/payouts/{quote(payout_no)}", None))

    async def refund(self, refund_no: str, out_trade_no: str, amount_fen: int) -> Refund:
        """A refusal ours to fix (``KEEP_OPEN``) raises: nothing is final, the retry reuses the number."""
        try:
            data = await self._call("POST", "/v1/refunds", {
                "outRefundNo": refund_no, "outTradeNo": out_trade_no, "amountFen": amount_fen})
        except WalletRefused as exc:
            if exc.refusal in KEEP_OPEN:
                raise
            return Refund(FAILED, "", exc.msg)
        status = data.get("status")
        if status not in (PAID, PROCESSING, FAILED):
            raise WalletUnavailable("支付渠道的应答格式不正确，请稍后重试")
        reason = str(data.get("failReason") or "")
        return Refund(status, str(data.get("refundId") or "")[:64], ERRORS.get(reason, reason)[:200])

    def verify_callback(self, headers: Any, method: str, path: str, body: bytes, now: float) -> Notice:
        check_signature(self.key, headers, method, path, body, now)
        return parse_notice(body)


def make_wallet(settings: Settings) -> LocalWallet | HttpWallet:
    if settings.wallet_provider == "http":
        if not settings.wallet_http_url or not settings.wallet_key:
            raise ValueError("CONSOLE_WALLET_HTTP_URL and CONSOLE_WALLET_KEY are required when "
                             "CONSOLE_WALLET_PROVIDER=http")
        return HttpWallet(settings.wallet_segment, settings.wallet_http_url, settings.wallet_merchant_id,
                          settings.wallet_key, settings.wallet_notify_url, settings.wallet_timeout_seconds)
    return LocalWallet(settings.wallet_segment, settings.wallet_secret)
