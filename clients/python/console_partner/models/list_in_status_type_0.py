from enum import StrEnum


class ListInStatusType0(StrEnum):
    CLOSED = "closed"
    COMPLETED = "completed"
    GROUPING = "grouping"
    SHIPPED = "shipped"
    TO_PICKUP = "to_pickup"
    TO_SHIP = "to_ship"
    UNPAID = "unpaid"

    def __str__(self) -> str:
        return str(self.value)
