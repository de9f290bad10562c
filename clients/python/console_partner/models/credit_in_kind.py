from enum import StrEnum


class CreditInKind(StrEnum):
    COMMISSION = "commission"
    CREDIT = "credit"

    def __str__(self) -> str:
        return str(self.value)
