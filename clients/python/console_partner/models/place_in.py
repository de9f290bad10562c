from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.address_in import AddressIn
    from ..models.shop_in import ShopIn


T = TypeVar("T", bound="PlaceIn")


@_attrs_define
class PlaceIn:
    """
    Attributes:
        address (AddressIn):
        request_no (str): the app server's number of this checkout: a repeat answers the first order
        shops (list[ShopIn]):
        uid (int):
        group_activity_id (int | None | Unset): a group checkout: one shop, one SKU of the activity at its group price
        platform_user_coupon_id (int | None | Unset):
        points (int | Unset):  Default: 0.
        team_id (int | None | Unset): join this team of the activity; without it the buyer opens a team
    """

    address: AddressIn
    request_no: str
    shops: list[ShopIn]
    uid: int
    group_activity_id: int | None | Unset = UNSET
    platform_user_coupon_id: int | None | Unset = UNSET
    points: int | Unset = 0
    team_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        address = self.address.to_dict()

        request_no = self.request_no

        shops = []
        for shops_item_data in self.shops:
            shops_item = shops_item_data.to_dict()
            shops.append(shops_item)

        uid = self.uid

        group_activity_id: int | None | Unset
        if isinstance(self.group_activity_id, Unset):
            group_activity_id = UNSET
        else:
            group_activity_id = self.group_activity_id

        platform_user_coupon_id: int | None | Unset
        if isinstance(self.platform_user_coupon_id, Unset):
            platform_user_coupon_id = UNSET
        else:
            platform_user_coupon_id = self.platform_user_coupon_id

        points = self.points

        team_id: int | None | Unset
        if isinstance(self.team_id, Unset):
            team_id = UNSET
        else:
            team_id = self.team_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "address": address,
                "requestNo": request_no,
                "shops": shops,
                "uid": uid,
            }
        )
        if group_activity_id is not UNSET:
            field_dict["groupActivityId"] = group_activity_id
        if platform_user_coupon_id is not UNSET:
            field_dict["platformUserCouponId"] = platform_user_coupon_id
        if points is not UNSET:
            field_dict["points"] = points
        if team_id is not UNSET:
            field_dict["teamId"] = team_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address_in import AddressIn  # noqa: PLC0415
        from ..models.shop_in import ShopIn  # noqa: PLC0415

        d = dict(src_dict)
        address = AddressIn.from_dict(d.pop("address"))

        request_no = d.pop("requestNo")

        shops = []
        _shops = d.pop("shops")
        for shops_item_data in _shops:
            shops_item = ShopIn.from_dict(shops_item_data)

            shops.append(shops_item)

        uid = d.pop("uid")

        def _parse_group_activity_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        group_activity_id = _parse_group_activity_id(d.pop("groupActivityId", UNSET))

        def _parse_platform_user_coupon_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        platform_user_coupon_id = _parse_platform_user_coupon_id(d.pop("platformUserCouponId", UNSET))

        points = d.pop("points", UNSET)

        def _parse_team_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        team_id = _parse_team_id(d.pop("teamId", UNSET))

        place_in = cls(
            address=address,
            request_no=request_no,
            shops=shops,
            uid=uid,
            group_activity_id=group_activity_id,
            platform_user_coupon_id=platform_user_coupon_id,
            points=points,
            team_id=team_id,
        )

        return place_in
