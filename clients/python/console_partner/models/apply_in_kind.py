from enum import StrEnum


class ApplyInKind(StrEnum):
    REFUND = "refund"
    RETURN_REFUND = "return_refund"

    def __str__(self) -> str:
        return str(self.value)
