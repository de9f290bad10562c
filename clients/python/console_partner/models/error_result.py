from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_result_fields import ErrorResultFields


T = TypeVar("T", bound="ErrorResult")


@_attrs_define
class ErrorResult:
    """
    Attributes:
        code (int): 401, 403, 404, 500 or 601
        msg (str):
        fields (ErrorResultFields | Unset): a validation refusal: each field's problem by its wire name
    """

    code: int
    msg: str
    fields: ErrorResultFields | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        msg = self.msg

        fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = self.fields.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "msg": msg,
            }
        )
        if fields is not UNSET:
            field_dict["fields"] = fields

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_result_fields import ErrorResultFields  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        msg = d.pop("msg")

        _fields = d.pop("fields", UNSET)
        fields: ErrorResultFields | Unset
        if isinstance(_fields, Unset):
            fields = UNSET
        else:
            fields = ErrorResultFields.from_dict(_fields)

        error_result = cls(
            code=code,
            msg=msg,
            fields=fields,
        )

        error_result.additional_properties = d
        return error_result

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
