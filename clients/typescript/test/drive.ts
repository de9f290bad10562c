/**
 * Drives the TypeScript client against a running core (tests/test_partner_clients.py compiles and runs it, and
 * checks the database): the app server's work, a refusal, and a write whose answer a gateway lost. Prints what
 * it saw as one JSON line.
 */
import { createPartnerClient, PartnerError, unwrap } from "../src/index.js";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const partnerKey = env("PARTNER_KEY");
const uid = Number(env("UID"));
const friend = Number(env("FRIEND"));
const partner = createPartnerClient({ baseUrl: env("CORE"), partnerKey });
const sentTime = "2026-05-01T12:00:00+00:00";

async function main(): Promise<Record<string, unknown>> {
  const registered = [];
  for (const u of [uid, friend]) {
    const saved = unwrap(await partner.POST("/api/partner/v1/consumers", { body: { uid: u, nickName: `用户${u}` } }));
    registered.push(saved.data.created);
  }
  const credited = unwrap(await partner.POST("/api/partner/v1/wallet/credit", {
    body: { uid, amountFen: 5000, bizNo: `ts-${Date.now()}` },
  })).data;
  const withdrawn = unwrap(await partner.POST("/api/partner/v1/withdrawals", {
    body: { uid, amountFen: 2000, requestNo: "ts-w-1", channel: "wallet", payeeAccount: "13800138000",
            payeeName: "王小明" },
    headers: { "Idempotency-Key": "ts-withdrawal-1" },
  })).data;
  const placed = unwrap(await partner.POST("/api/partner/v1/orders/place", {
    body: { requestNo: "ts-order-1", uid, address: JSON.parse(env("ADDRESS")),
            shops: [{ shopId: Number(env("SHOP_ID")), delivery: "express",
                      items: [{ skuId: Number(env("SKU_ID")), quantity: 2 }] }] },
  })).data;
  const pay = unwrap(await partner.POST("/api/partner/v1/orders/pay", {
    body: { uid, orderNo: placed.orderNo },
  })).data;
  const pushed = unwrap(await partner.POST("/api/partner/v1/im_records_single/batch", {
    body: { records: [0, 1, 2].map((i) => ({ fromUid: uid, toUid: friend, content: `第${i}条`, sentTime })) },
  })).data;
  const config = unwrap(await partner.GET("/api/partner/v1/config/core_v2", {
    params: { query: { platform: "ios" } },
  })).data;
  let refused: unknown = null;
  try {
    unwrap(await partner.POST("/api/partner/v1/wallet/credit", { body: { uid: 999999, amountFen: 100, bizNo: "ts-x" } }));
  } catch (error) {
    if (!(error instanceof PartnerError)) throw error;
    refused = { code: error.code, msg: error.msg };
  }
  const lossy = createPartnerClient({ baseUrl: env("PROXY"), partnerKey });
  const lost = unwrap(await lossy.POST("/api/partner/v1/im_records_single", {
    body: { fromUid: friend, toUid: uid, content: "回执", sentTime },
    headers: { "Idempotency-Key": "ts-lost-answer" },
  })).data;
  return {
    registered,
    credited: { applied: credited.applied, availableFen: credited.availableFen },
    withdrawn: { availableFen: withdrawn.availableFen, frozenFen: withdrawn.frozenFen },
    placed: { orderNo: placed.orderNo, payFen: placed.payFen },
    pay: { codeUrl: pay.codeUrl, outTradeNo: pay.outTradeNo },
    pushed: pushed.count,
    platform: config.platform,
    refused,
    lost: { created: lost.created },
  };
}

console.log(JSON.stringify(await main()));
