from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.withdraw_in_channel import WithdrawInChannel
from ..types import UNSET, Unset

T = TypeVar("T", bound="WithdrawIn")


@_attrs_define
class WithdrawIn:
    """
    Attributes:
        amount_fen (int):
        channel (WithdrawInChannel): 到账渠道
        payee_account (str):
        payee_name (str):
        request_no (str): the app server's number of this request: one withdrawal per number
        uid (int):
        remark (str | Unset):  Default: ''.
    """

    amount_fen: int
    channel: WithdrawInChannel
    payee_account: str
    payee_name: str
    request_no: str
    uid: int
    remark: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        amount_fen = self.amount_fen

        channel = self.channel.value

        payee_account = self.payee_account

        payee_name = self.payee_name

        request_no = self.request_no

        uid = self.uid

        remark = self.remark

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amountFen": amount_fen,
                "channel": channel,
                "payeeAccount": payee_account,
                "payeeName": payee_name,
                "requestNo": request_no,
                "uid": uid,
            }
        )
        if remark is not UNSET:
            field_dict["remark"] = remark

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_fen = d.pop("amountFen")

        channel = WithdrawInChannel(d.pop("channel"))

        payee_account = d.pop("payeeAccount")

        payee_name = d.pop("payeeName")

        request_no = d.pop("requestNo")

        uid = d.pop("uid")

        remark = d.pop("remark", UNSET)

        withdraw_in = cls(
            amount_fen=amount_fen,
            channel=channel,
            payee_account=payee_account,
            payee_name=payee_name,
            request_no=request_no,
            uid=uid,
            remark=remark,
        )

        return withdraw_in
