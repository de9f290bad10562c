"""Contains all the data models used in inputs/outputs"""

from .address_in import AddressIn
from .after_sale_applied import AfterSaleApplied
from .after_sale_applied_out import AfterSaleAppliedOut
from .after_sale_out import AfterSaleOut
from .after_sale_shown import AfterSaleShown
from .apply_in import ApplyIn
from .apply_in_kind import ApplyInKind
from .buyer_line import BuyerLine
from .buyer_order import BuyerOrder
from .buyer_order_out import BuyerOrderOut
from .buyer_order_page import BuyerOrderPage
from .buyer_order_page_out import BuyerOrderPageOut
from .buyer_shop_order import BuyerShopOrder
from .cancel_in import CancelIn
from .claim_in import ClaimIn
from .config_object import ConfigObject
from .config_object_data import ConfigObjectData
from .config_object_out import ConfigObjectOut
from .config_page_core_v2_partner_platform import ConfigPageCoreV2PartnerPlatform
from .confirm_in import ConfirmIn
from .consumer_in import ConsumerIn
from .consumer_out import ConsumerOut
from .consumer_saved import ConsumerSaved
from .coupon_claim_out import CouponClaimOut
from .coupon_claimed import CouponClaimed
from .credit_in import CreditIn
from .credit_in_kind import CreditInKind
from .done_out import DoneOut
from .draw_in import DrawIn
from .error_result import ErrorResult
from .error_result_fields import ErrorResultFields
from .feed_batch import FeedBatch
from .feed_batch_out import FeedBatchOut
from .feed_out import FeedOut
from .feed_removed import FeedRemoved
from .feed_removed_out import FeedRemovedOut
from .feed_saved import FeedSaved
from .info_in import InfoIn
from .item_in import ItemIn
from .line_after_sale import LineAfterSale
from .list_in import ListIn
from .list_in_status_type_0 import ListInStatusType0
from .logistics import Logistics
from .order_confirmed import OrderConfirmed
from .order_confirmed_out import OrderConfirmedOut
from .order_in import OrderIn
from .order_out import OrderOut
from .order_payment import OrderPayment
from .order_payment_out import OrderPaymentOut
from .order_placed import OrderPlaced
from .order_placed_out import OrderPlacedOut
from .partner_account_login_check import PartnerAccountLoginCheck
from .partner_account_login_check_batch import PartnerAccountLoginCheckBatch
from .partner_account_user_auth import PartnerAccountUserAuth
from .partner_account_user_collect import PartnerAccountUserCollect
from .partner_account_user_collect_remove import PartnerAccountUserCollectRemove
from .partner_account_user_friend import PartnerAccountUserFriend
from .partner_account_user_friend_remove import PartnerAccountUserFriendRemove
from .partner_account_user_release import PartnerAccountUserRelease
from .partner_account_user_release_comment import PartnerAccountUserReleaseComment
from .partner_common_feedback import PartnerCommonFeedback
from .partner_common_message_user import PartnerCommonMessageUser
from .partner_notice_im_group import PartnerNoticeImGroup
from .partner_notice_im_group_user import PartnerNoticeImGroupUser
from .partner_notice_im_group_user_remove import PartnerNoticeImGroupUserRemove
from .partner_notice_im_record import PartnerNoticeImRecord
from .partner_notice_im_record_batch import PartnerNoticeImRecordBatch
from .partner_notice_im_record_single import PartnerNoticeImRecordSingle
from .partner_notice_im_record_single_batch import PartnerNoticeImRecordSingleBatch
from .partner_order_comment import PartnerOrderComment
from .partner_settled_in import PartnerSettledIn
from .partner_words_intercept_record import PartnerWordsInterceptRecord
from .partner_words_intercept_record_batch import PartnerWordsInterceptRecordBatch
from .partneraccount_recommend import PartneraccountRecommend
from .partneraccount_replenishment import PartneraccountReplenishment
from .partnerregister import Partnerregister
from .place_in import PlaceIn
from .placed_line import PlacedLine
from .placed_order import PlacedOrder
from .placed_shop_order import PlacedShopOrder
from .points_credit_in import PointsCreditIn
from .points_credit_out import PointsCreditOut
from .points_credited import PointsCredited
from .points_order import PointsOrder
from .points_order_out import PointsOrderOut
from .receiver import Receiver
from .receiver_in import ReceiverIn
from .redeem_in import RedeemIn
from .result import Result
from .settled_applied import SettledApplied
from .settled_out import SettledOut
from .shipped_in import ShippedIn
from .shop_in import ShopIn
from .shop_in_delivery import ShopInDelivery
from .sign_in_in import SignInIn
from .turntable_draw_out import TurntableDrawOut
from .turntable_drawn import TurntableDrawn
from .wallet_credit_out import WalletCreditOut
from .wallet_credited import WalletCredited
from .withdraw_in import WithdrawIn
from .withdraw_in_channel import WithdrawInChannel
from .withdrawal_out import WithdrawalOut
from .withdrawal_requested import WithdrawalRequested

__all__ = (
    "AddressIn",
    "AfterSaleApplied",
    "AfterSaleAppliedOut",
    "AfterSaleOut",
    "AfterSaleShown",
    "ApplyIn",
    "ApplyInKind",
    "BuyerLine",
    "BuyerOrder",
    "BuyerOrderOut",
    "BuyerOrderPage",
    "BuyerOrderPageOut",
    "BuyerShopOrder",
    "CancelIn",
    "ClaimIn",
    "ConfigObject",
    "ConfigObjectData",
    "ConfigObjectOut",
    "ConfigPageCoreV2PartnerPlatform",
    "ConfirmIn",
    "ConsumerIn",
    "ConsumerOut",
    "ConsumerSaved",
    "CouponClaimed",
    "CouponClaimOut",
    "CreditIn",
    "CreditInKind",
    "DoneOut",
    "DrawIn",
    "ErrorResult",
    "ErrorResultFields",
    "FeedBatch",
    "FeedBatchOut",
    "FeedOut",
    "FeedRemoved",
    "FeedRemovedOut",
    "FeedSaved",
    "InfoIn",
    "ItemIn",
    "LineAfterSale",
    "ListIn",
    "ListInStatusType0",
    "Logistics",
    "OrderConfirmed",
    "OrderConfirmedOut",
    "OrderIn",
    "OrderOut",
    "OrderPayment",
    "OrderPaymentOut",
    "OrderPlaced",
    "OrderPlacedOut",
    "PartnerAccountLoginCheck",
    "PartnerAccountLoginCheckBatch",
    "PartneraccountRecommend",
    "PartneraccountReplenishment",
    "PartnerAccountUserAuth",
    "PartnerAccountUserCollect",
    "PartnerAccountUserCollectRemove",
    "PartnerAccountUserFriend",
    "PartnerAccountUserFriendRemove",
    "PartnerAccountUserRelease",
    "PartnerAccountUserReleaseComment",
    "PartnerCommonFeedback",
    "PartnerCommonMessageUser",
    "PartnerNoticeImGroup",
    "PartnerNoticeImGroupUser",
    "PartnerNoticeImGroupUserRemove",
    "PartnerNoticeImRecord",
    "PartnerNoticeImRecordBatch",
    "PartnerNoticeImRecordSingle",
    "PartnerNoticeImRecordSingleBatch",
    "PartnerOrderComment",
    "Partnerregister",
    "PartnerSettledIn",
    "PartnerWordsInterceptRecord",
    "PartnerWordsInterceptRecordBatch",
    "PlacedLine",
    "PlacedOrder",
    "PlacedShopOrder",
    "PlaceIn",
    "PointsCredited",
    "PointsCreditIn",
    "PointsCreditOut",
    "PointsOrder",
    "PointsOrderOut",
    "Receiver",
    "ReceiverIn",
    "RedeemIn",
    "Result",
    "SettledApplied",
    "SettledOut",
    "ShippedIn",
    "ShopIn",
    "ShopInDelivery",
    "SignInIn",
    "TurntableDrawn",
    "TurntableDrawOut",
    "WalletCredited",
    "WalletCreditOut",
    "WithdrawalOut",
    "WithdrawalRequested",
    "WithdrawIn",
    "WithdrawInChannel",
)
