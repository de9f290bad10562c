from enum import StrEnum


class WithdrawInChannel(StrEnum):
    BANK = "bank"
    WALLET = "wallet"

    def __str__(self) -> str:
        return str(self.value)
