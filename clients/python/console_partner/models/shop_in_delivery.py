from enum import StrEnum


class ShopInDelivery(StrEnum):
    EXPRESS = "express"
    PICKUP = "pickup"

    def __str__(self) -> str:
        return str(self.value)
