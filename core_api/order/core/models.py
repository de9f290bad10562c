from tortoise import fields
from tortoise.models import Model

from core_api.platform import partitions


class OrderMain(Model):
    """One checkout of an app user, paid once: it holds one shop order per shop. Amounts are integer fen, and
    goods_fen + freight_fen - coupon_fen - points_fen = pay_fen exactly."""

    id = fields.BigIntField(primary_key=True)
    order_no = fields.CharField(max_length=32, unique=True)
    uid = fields.BigIntField(db_index=True)
    request_no = fields.CharField(max_length=64, unique=True)  # the app request id: a repeat places nothing
    goods_fen = fields.BigIntField(default=0)
    freight_fen = fields.BigIntField(default=0)
    coupon_fen = fields.BigIntField(default=0)
    points_fen = fields.BigIntField(default=0)
    points_used = fields.BigIntField(default=0)
    pay_fen = fields.BigIntField(default=0)
    pay_status = fields.CharField(max_length=16, default="unpaid")  # unpaid, paid, closed
    pay_way = fields.CharField(max_length=16, default="")
    out_trade_no = fields.CharField(max_length=64, null=True, unique=True)  # sent to the wallet provider
    trade_no = fields.CharField(max_length=64, default="")  # the provider's number
    paid_at = fields.DatetimeField(null=True)
    pay_deadline = fields.DatetimeField()  # unpaid orders close then (30 minutes by default)
    closed_at = fields.DatetimeField(null=True)
    shelf = fields.CharField(max_length=1, default="1")  # 0: hidden from the buyer list in the app
    remark = fields.CharField(max_length=200, default="")
    version = fields.IntField(default=0)
    create_time = fields.DatetimeField(db_index=True)
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "order_main"
        indexes = (("pay_status", "pay_deadline"),)  # the unpaid sweep: due orders only, not every row


class OrderShop(Model):
    """The part of a main order that one shop fulfils. Its status moves only by a conditional update of
    core_api.order.core.flow that writes an order log row. Payment, refund, settlement and pick-up have fields
    of their own, not extra states."""

    id = fields.BigIntField(primary_key=True)
    order_no = fields.CharField(max_length=32, unique=True)
    main_id = fields.BigIntField(db_index=True)
    main_no = fields.CharField(max_length=32)
    shop_id = fields.BigIntField()
    uid = fields.BigIntField(db_index=True)
    status = fields.CharField(max_length=16, default="unpaid")  # flow.STATUSES
    delivery = fields.CharField(max_length=16, default="express")  # express, pickup
    kind = fields.CharField(max_length=16, default="normal")  # normal, group
    group_team_id = fields.BigIntField(null=True, db_index=True)
    goods_fen = fields.BigIntField(default=0)
    freight_fen = fields.BigIntField(default=0)
    coupon_fen = fields.BigIntField(default=0)
    points_fen = fields.BigIntField(default=0)
    points_used = fields.BigIntField(default=0)
    pay_fen = fields.BigIntField(default=0)
    refunded_fen = fields.BigIntField(default=0)  # never above pay_fen: raised under a row lock
    points_earned = fields.BigIntField(default=0)  # credited when the after-sale window ends
    coupon_id = fields.BigIntField(null=True)  # the user coupon (mall_user_coupon) used on this shop order
    pay_status = fields.CharField(max_length=16, default="unpaid")  # unpaid, paid, closed
    refund_status = fields.CharField(max_length=16, default="none")  # none, partial, full
    settle_status = fields.CharField(max_length=16, default="none")  # none, pending, settled
    pickup_status = fields.CharField(max_length=16, default="none")  # none, waiting, picked
    pickup_code = fields.CharField(max_length=16, null=True)
    receiver_name = fields.CharField(max_length=32, default="")
    receiver_phone = fields.CharField(max_length=20, default="")
    receiver_area = fields.CharField(max_length=100, default="")
    receiver_address = fields.CharField(max_length=200, default="")
    carrier = fields.CharField(max_length=32, default="")  # the biz_logistics_company dictionary value
    tracking_no = fields.CharField(max_length=64, default="")
    buyer_remark = fields.CharField(max_length=200, default="")
    close_reason = fields.CharField(max_length=200, default="")
    paid_at = fields.DatetimeField(null=True)
    shipped_at = fields.DatetimeField(null=True)
    completed_at = fields.DatetimeField(null=True)
    closed_at = fields.DatetimeField(null=True)
    after_sale_until = fields.DatetimeField(null=True)  # completed_at + the after-sale window
    settled_at = fields.DatetimeField(null=True)
    fee_fen = fields.BigIntField(default=0)  # platform commission at settlement, fee + payout = net
    payout_fen = fields.BigIntField(default=0)
    version = fields.IntField(default=0)
    create_time = fields.DatetimeField()
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "order_shop"
        # The shop order list pages newest first (create_time, id) under any of its usual filters: a shop, a status,
        # both or none (each with or without a date range), so each has an index in that order.
        indexes = (("shop_id", "status", "create_time", "id"), ("status", "create_time", "id"),
                   ("shop_id", "create_time", "id"), ("create_time", "id"))


class OrderLine(Model):
    """One SKU of a shop order, with the price and name as bought. coupon_fen and points_fen are this line share of the
    discounts (the shares add up exactly), pay_fen = amount_fen - coupon_fen - points_fen."""

    id = fields.BigIntField(primary_key=True)
    shop_order_id = fields.BigIntField(db_index=True)
    shop_id = fields.BigIntField()
    goods_id = fields.BigIntField()
    sku_id = fields.BigIntField(db_index=True)
    goods_name = fields.CharField(max_length=100)
    spec = fields.CharField(max_length=300, default="")
    image = fields.CharField(max_length=500, default="")
    price_fen = fields.BigIntField()
    quantity = fields.IntField()
    amount_fen = fields.BigIntField()
    coupon_fen = fields.BigIntField(default=0)
    points_fen = fields.BigIntField(default=0)
    points_used = fields.BigIntField(default=0)
    pay_fen = fields.BigIntField()
    refunded_fen = fields.BigIntField(default=0)
    refunded_qty = fields.IntField(default=0)
    after_sale = fields.CharField(max_length=16, default="none")  # none, or the open after-sale status
    commented = fields.BooleanField(default=False)

    class Meta:
        table = "order_line"


class OrderLog(Model):
    """One transition of a shop order (append-only): who did what, from which status to which."""

    id = fields.BigIntField(primary_key=True)
    shop_order_id = fields.BigIntField(db_index=True)
    action = fields.CharField(max_length=32)
    from_status = fields.CharField(max_length=16, default="")
    to_status = fields.CharField(max_length=16, default="")
    actor_kind = fields.CharField(max_length=16)  # user, staff, system
    actor_id = fields.BigIntField(default=0)
    actor_name = fields.CharField(max_length=64, default="")
    note = fields.CharField(max_length=500, default="")
    create_time = fields.DatetimeField()

    class Meta:
        table = "order_log"


partitions.register("order_log", "create_time", title="订单日志")  # by month on PostgreSQL


class OrderPay(Model):
    """A payment of a main order or a refund paid back, as the wallet provider reported it (append-only)."""

    id = fields.BigIntField(primary_key=True)
    kind = fields.CharField(max_length=16, default="pay")  # pay, refund
    main_id = fields.BigIntField(db_index=True)
    main_no = fields.CharField(max_length=32)
    shop_order_id = fields.BigIntField(null=True)  # refunds belong to one shop order
    shop_id = fields.BigIntField(null=True, db_index=True)
    uid = fields.BigIntField(db_index=True)
    out_no = fields.CharField(max_length=64, unique=True)  # out_trade_no of a payment, refund_no of a refund
    trade_no = fields.CharField(max_length=64, default="")
    amount_fen = fields.BigIntField()
    pay_way = fields.CharField(max_length=16, default="wallet")
    create_time = fields.DatetimeField(db_index=True)

    class Meta:
        table = "order_pay"
